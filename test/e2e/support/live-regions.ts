import type { Page } from '@playwright/test';

/** What a screen reader reads out when its text changes: status, alert and log regions, and any aria-live. */
export const LIVE_REGION = '[role="status"],[role="alert"],[role="log"],[aria-live]';

/** Starts recording every distinct text each live region under `selector` takes, as a screen reader would be told it. */
export async function recordLiveTexts(app: Page, selector: string): Promise<() => Promise<string[][]>> {
  await app.evaluate(
    ({ selector, live }) => {
      const seen = new Map<Element, string[]>();
      const record = (): void => {
        for (const host of document.querySelectorAll(selector)) {
          const regions = host.matches(live) ? [host] : [];
          for (const region of [...regions, ...host.querySelectorAll(live)]) {
            const text = (region.textContent ?? '').replace(/\s+/g, ' ').trim();
            const texts = seen.get(region) ?? [];
            if (text !== '' && texts.at(-1) !== text) texts.push(text);
            seen.set(region, texts);
          }
        }
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      Object.assign(window, { liveTexts: () => [...seen.values()] });
    },
    { selector, live: LIVE_REGION },
  );
  return () => app.evaluate(() => (window as unknown as { liveTexts: () => string[][] }).liveTexts());
}
