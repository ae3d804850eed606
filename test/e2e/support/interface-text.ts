/**
 * What the interface says, read from the page as a user sees it, for the language tests:
 * every visible text and every text a screen reader or a tooltip gives (aria-label, title,
 * placeholder, alt), with where it was found; and the layout faults a longer language shows
 * first (text clipped by its box, text boxes overlapping).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export type TestLocale = 'en' | 'zh-CN' | 'en-XA';

export interface SeenText {
  text: string;
  /** A short CSS-like path of the element, and which attribute when not its text. */
  where: string;
}

/** Every visible text of the page now, and the accessible and tooltip texts of visible elements. */
export async function interfaceTexts(page: Page): Promise<SeenText[]> {
  return page.evaluate(() => {
    const found: { text: string; where: string }[] = [];
    const pathOf = (element: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && parts.length < 4; node = node.parentElement) {
        const id = node.id ? `#${node.id}` : '';
        const testId = node.getAttribute('data-testid');
        parts.unshift(`${node.tagName.toLowerCase()}${id}${testId ? `[${testId}]` : ''}`);
      }
      return parts.join(' > ');
    };
    const shown = (element: Element): boolean =>
      element.checkVisibility({
        opacityProperty: false,
        visibilityProperty: true,
        contentVisibilityAuto: true,
      });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, [aria-hidden="true"]') || !shown(parent))
        continue;
      found.push({ text, where: pathOf(parent) });
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt], [aria-description]',
    )) {
      if (!shown(element)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const text = element.getAttribute(attribute)?.trim();
        if (text) found.push({ text, where: `${pathOf(element)} @${attribute}` });
      }
    }
    // A select's closed options are read by screen readers and shown when opened.
    for (const option of document.body.querySelectorAll('select option')) {
      const select = option.closest('select');
      const text = option.textContent?.trim();
      if (select && shown(select) && text) found.push({ text, where: `${pathOf(select)} option` });
    }
    found.push({ text: document.title, where: 'document title' });
    return found;
  });
}

/**
 * Words an interface in Chinese may still show in Latin letters: names and codes, units and
 * keys. Single letters and anything with a digit (times, ids, amounts) are never flagged.
 */
export const LATIN_ALLOWED = new Set([
  'Switchboard',
  'MMS',
  'ASR',
  'AXB',
  'SIP',
  'ID',
  'id',
  'xlsx',
  'csv',
  'CSV',
  'parquet',
  'Excel',
  'Parquet',
  'PNG',
  'JSON',
  'URL',
  'API',
  'HTTP',
  'HTTPS',
  'http',
  'https',
  'UTC',
  'GMT',
  'Ctrl',
  'Cmd',
  'Shift',
  'Alt',
  'Esc',
  'Enter',
  'Tab',
  'Home',
  'End',
  'Page',
  'Up',
  'Down',
  'KB',
  'MB',
  'GB',
  'ms',
  'DuckDB',
  'English',
  'App',
  'Key',
  'Secret',
  'AppKey',
  'AppSecret',
]);

/** Every Latin word of a text (two letters or more, no digit), as it is written. */
export function latinWords(text: string): string[] {
  return text.split(/[^A-Za-z0-9_]+/).filter((word) => word.length > 1 && /^[A-Za-z]+$/.test(word));
}

/** Currency codes (USD, CNY): the platform's, shown as sent. */
const CURRENCY_CODES = new Set(Intl.supportedValuesOf('currency'));

/** The texts that hold a Latin word neither allowed nor found in the platform's data (addresses are data too). */
export function englishLeftovers(texts: readonly SeenText[], dataWords: ReadonlySet<string>): string[] {
  const left = new Set<string>();
  for (const { text, where } of texts) {
    if (/^https?:\/\/\S+$/.test(text)) continue;
    // Where a file was saved, and its name (made of the list's slug and the profile's name), are the user's.
    const words = latinWords(
      text.replace(/[^\u3000-\u9fff\uff00-\uffef]*\.(?:xlsx|csv|parquet|png)\b/g, ' '),
    ).filter((word) => !LATIN_ALLOWED.has(word) && !CURRENCY_CODES.has(word) && !dataWords.has(word));
    if (words.length > 0) left.add(`${where}: "${text.slice(0, 120)}" (${words.join(', ')})`);
  }
  return [...left];
}

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

const CJK_RUNS = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+/g;

/** The runs of Chinese characters in a text. */
export function chineseRuns(text: string): string[] {
  return text.match(CJK_RUNS) ?? [];
}

/**
 * The texts that hold Chinese the platform's data does not (an English interface has none
 * but the language picker's own name for Chinese).
 */
export function chineseLeftovers(texts: readonly SeenText[], dataRuns: ReadonlySet<string>): string[] {
  const left = new Set<string>();
  for (const { text, where } of texts) {
    if (/ option$/.test(where) || !CJK.test(text)) continue;
    const runs = chineseRuns(text).filter((run) => !dataRuns.has(run) && run !== '简体中文');
    if (runs.length > 0) left.add(`${where}: "${text.slice(0, 120)}" (${runs.join(', ')})`);
  }
  return [...left];
}

/** Every word of every string the sandbox serves: the platform's data stays as it was sent. */
export function wordsOfData(data: unknown): { words: Set<string>; runs: Set<string> } {
  const words = new Set<string>();
  const runs = new Set<string>();
  const texts = new Set<string>();
  const pending: unknown[] = [data];
  let seen = 0;
  while (pending.length > 0 && seen < 2_000_000) {
    const value = pending.pop();
    seen++;
    if (typeof value === 'string') {
      if (!texts.has(value)) {
        texts.add(value);
        for (const word of latinWords(value)) words.add(word);
        for (const run of chineseRuns(value)) runs.add(run);
      }
    } else if (value instanceof Map) {
      pending.push(...value.values());
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value && typeof value === 'object') {
      pending.push(...Object.values(value));
    }
  }
  return { words, runs };
}

/**
 * Text clipped by its own box (overflowing a box that hides overflow, with no tooltip that
 * gives it whole) and text boxes that overlap one another, on the page as it is now.
 */
export async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const describe = (element: Element): string => {
      const testId = element.getAttribute('data-testid');
      const id = element.id ? `#${element.id}` : '';
      return `${element.tagName.toLowerCase()}${id}${testId ? `[${testId}]` : ''} "${(element.textContent ?? '').trim().slice(0, 60)}"`;
    };
    const holdsText = (element: Element): boolean =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
    const shown = (element: Element): boolean => element.checkVisibility({ visibilityProperty: true });
    const texts = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        holdsText(element) &&
        shown(element) &&
        !element.closest('[aria-hidden="true"], script, style, option, canvas'),
    );
    for (const element of texts) {
      // A table cell holds the platform's data, cut to its column by design: the column
      // widens and the details show it whole.
      if (element.closest('[role="gridcell"]')) continue;
      const style = getComputedStyle(element);
      const hides =
        ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
      if (!hides) continue;
      const tooltip = element.closest('[title]')?.getAttribute('title') ?? '';
      const whole = (element.textContent ?? '').trim();
      if (tooltip.includes(whole) && whole !== '') continue;
      if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 2) {
        faults.push(
          `clipped: ${describe(element)} (${element.scrollWidth}x${element.scrollHeight} in ${element.clientWidth}x${element.clientHeight})`,
        );
      }
    }
    const intersect = (one: DOMRect, other: DOMRect): DOMRect | null => {
      const left = Math.max(one.left, other.left);
      const top = Math.max(one.top, other.top);
      const right = Math.min(one.right, other.right);
      const bottom = Math.min(one.bottom, other.bottom);
      return right - left > 0 && bottom - top > 0 ? new DOMRect(left, top, right - left, bottom - top) : null;
    };
    /** The parts of the text a user can see: cut by every box around it that clips, and by the window. */
    const seenRects = (element: Element): DOMRect[] => {
      const range = document.createRange();
      range.selectNodeContents(element);
      let rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
      const clips: DOMRect[] = [new DOMRect(0, 0, window.innerWidth, window.innerHeight)];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible')
          clips.push(node.getBoundingClientRect());
      }
      for (const clip of clips)
        rects = rects.map((rect) => intersect(rect, clip)).filter((rect): rect is DOMRect => rect !== null);
      return rects;
    };
    /** Text under a dialog, a menu or a popover is covered, not overlapped: only text on top is compared. */
    const onTop = (element: Element, rect: DOMRect): boolean => {
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return hit !== null && (element.contains(hit) || hit.contains(element));
    };
    // A menu, a dialog or a popover floats over the page: its text is compared with its own.
    const layerOf = (element: Element): Element | null =>
      element.closest(
        '[role="menu"], [role="dialog"], [role="alertdialog"], dialog, [role="listbox"], [role="tooltip"], .popover',
      );
    const boxes = texts
      .map((element) => ({ element, layer: layerOf(element), rects: seenRects(element) }))
      .filter(({ element, rects }) => rects.some((rect) => onTop(element, rect)));
    for (let a = 0; a < boxes.length; a++) {
      for (let b = a + 1; b < boxes.length; b++) {
        const first = boxes[a];
        const second = boxes[b];
        if (first.layer !== second.layer) continue;
        if (first.element.contains(second.element) || second.element.contains(first.element)) continue;
        const hit = first.rects.some((one) =>
          second.rects.some((other) => {
            const both = intersect(one, other);
            return both !== null && both.width > 2 && both.height > 2;
          }),
        );
        if (hit) faults.push(`overlap: ${describe(first.element)} and ${describe(second.element)}`);
      }
    }
    return faults;
  });
}

/** The message files, read as the app's compiler reads them (settings.json's list of files). */
function messages(locale: TestLocale): Map<string, unknown> {
  const project = join(__dirname, '../../../src/shared/i18n/project.inlang');
  const settings = JSON.parse(readFileSync(join(project, 'settings.json'), 'utf8')) as {
    'plugin.inlang.messageFormat': { pathPattern: string | string[] };
  };
  const all = new Map<string, unknown>();
  for (const pattern of [settings['plugin.inlang.messageFormat'].pathPattern].flat()) {
    const file = join(project, '..', pattern.replace('{locale}', locale));
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(parsed)) if (key !== '$schema') all.set(key, value);
  }
  return all;
}

const loaded = new Map<TestLocale, Map<string, unknown>>();
function messagesOf(locale: TestLocale): Map<string, unknown> {
  let found = loaded.get(locale);
  if (!found) {
    found = messages(locale);
    loaded.set(locale, found);
  }
  return found;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The interface's text for an English one, in a test locale, as a pattern of every way the
 * messages say it (one English word can be two in Chinese, by its place): tests name
 * controls in English and find them in Chinese or the pseudo-locale through the message
 * files themselves. `whole` anchors it at both ends, else only at the start.
 */
export function say(locale: TestLocale, englishText: string, whole = true): RegExp {
  const keys = [...messagesOf('en')].filter(([, value]) => value === englishText).map(([key]) => key);
  if (keys.length === 0)
    throw new Error(`No message reads "${englishText}" in English: is the text translated?`);
  // The pseudo-locale's files are written from the English ones by the message compiler.
  const texts = [
    ...new Set(
      keys
        .map((key) => messagesOf(locale).get(key))
        .filter((text): text is string => typeof text === 'string'),
    ),
  ];
  if (texts.length === 0) throw new Error(`No message for "${englishText}" has a plain ${locale} text`);
  return new RegExp(`^(?:${texts.map(escape).join('|')})${whole ? '$' : ''}`);
}
