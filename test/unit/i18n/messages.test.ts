import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const project = join(root, 'src/shared/i18n/project.inlang');
const settings = JSON.parse(readFileSync(join(project, 'settings.json'), 'utf8')) as {
  locales: string[];
  'plugin.inlang.messageFormat': { pathPattern: string | string[] };
};
const folders = [settings['plugin.inlang.messageFormat'].pathPattern].flat().map((pattern) => dirname(join(project, '..', pattern)));

type Messages = Record<string, unknown>;
function messagesOf(locale: string): Messages {
  const all: Messages = {};
  for (const folder of folders) {
    const file: Messages = JSON.parse(readFileSync(join(folder, `${locale}.json`), 'utf8'));
    for (const [key, value] of Object.entries(file)) {
      if (key === '$schema') continue;
      expect(all, `${key} is in two message files`).not.toHaveProperty(key);
      all[key] = value;
    }
  }
  return all;
}

/** The placeholders a message uses, over all its variants ("{count}" → count). */
function placeholdersOf(value: unknown): string[] {
  const text = JSON.stringify(value);
  const inputs = [...text.matchAll(/input (\w+)/g)].map((match) => match[1]);
  const used = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  return [...new Set([...inputs, ...used])].sort();
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'paraglide' ? [] : sourceFiles(path);
    return /\.(ts|svelte)$/.test(name) ? [path] : [];
  });
}

const english = messagesOf('en');
const chinese = messagesOf('zh-CN');

describe('the interface messages', () => {
  it('are one file per language with the same keys', () => {
    expect(settings.locales).toEqual(expect.arrayContaining(['en', 'zh-CN']));
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
  });

  it('take the same inputs in every language, and none is empty', () => {
    for (const [key, value] of Object.entries(english)) {
      expect(placeholdersOf(chinese[key]), key).toEqual(placeholdersOf(value));
      expect(JSON.stringify(chinese[key]).replace(/[\s"]/g, ''), key).not.toBe('');
    }
  });

  it('state each sentence once: no two keys share an English text with an input or of four words or more', () => {
    // Short words ("Cancel", "Status") may repeat by context; a sentence is a fact, and two keys for it drift apart.
    const keysOfText = new Map<string, string[]>();
    for (const [key, value] of Object.entries(english)) {
      const text = JSON.stringify(value);
      if (placeholdersOf(value).length === 0 && text.trim().split(/\s+/).length < 4) continue;
      keysOfText.set(text, [...(keysOfText.get(text) ?? []), key]);
    }
    const repeated = [...keysOfText.values()].filter((keys) => keys.length > 1);
    expect(repeated, 'one key per sentence: use the first and remove the others').toEqual([]);
  });

  it('in Chinese, name each thing with one word and set asides in full-width brackets', () => {
    const texts = Object.entries(chinese).map(([key, value]) => [key, JSON.stringify(value)] as const);
    const using = (pattern: RegExp): string[] => texts.filter(([, text]) => pattern.test(text)).map(([key]) => key);
    // The profile form's field is 接口地址: every message that sends the user to it says so.
    expect(using(/基础 ?(URL|地址)/)).toEqual([]);
    // A zone's offset from UTC is 时差, as the errors say; 偏移 is left to a row's or a clock's.
    expect(using(/(?<!行|时钟)偏移/)).toEqual([]);
    // Scheduled work is 定时任务 (its section in Accounts, and the jobs area's heading), set with 定时: not also 计划.
    expect(using(/计划/)).toEqual([]);
    // Shortcuts and other asides after Chinese words in （）, as the sidebar's "语音记录（Ctrl+1）".
    expect(using(/[\u4e00-\u9fff] ?\(/)).toEqual([]);
  });

  it('are each used by the app, by name', () => {
    const source = sourceFiles(join(root, 'src'))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    // By name: `m.key(...)`, or the key itself as a message to say (`{ key: 'key' }`, worded where it is shown).
    const unused = Object.keys(english).filter((key) => !new RegExp(`\\bm\\.${key}\\b|'${key}'`).test(source));
    expect(unused, 'messages no code shows: remove them from every language').toEqual([]);
  });
});
