import type { Page } from '@playwright/test';

/**
 * Holds the page's calls to `url` (an RPC of the browser host) until `release()`: the call
 * reaches main and is answered there, but the page gets the answer only then, so a test can
 * make it arrive after something else it does meanwhile. Once released, later calls pass
 * straight through, so the route need not be taken away.
 */
export async function holdAnswers(page: Page, url: string): Promise<{ release: () => void; answered: () => boolean }> {
  let release = (): void => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let answered = false;
  await page.route(url, async (route) => {
    const answer = await route.fetch();
    await released;
    await route.fulfill({ response: answer });
    answered = true;
  });
  return { release, answered: () => answered };
}
