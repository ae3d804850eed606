import type { Page, Route } from '@playwright/test';

/**
 * Holds the page's calls to `url` (an RPC of the browser host) until `release()`: the call
 * reaches main and is answered there, but the page gets the answer only then, so a test can
 * make it arrive after something else it does meanwhile. Once released, later calls go on to
 * the host as usual (continued, not fetched): none is left being fetched when the test ends.
 * (Taking the route away would hand a held call on before its answer is given.)
 */
export async function holdAnswers(page: Page, url: string): Promise<{ release: () => void; answered: () => boolean }> {
  let letGo = (): void => {};
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let isReleased = false;
  let answered = false;
  const handler = async (route: Route): Promise<void> => {
    if (isReleased) return route.continue();
    const answer = await route.fetch();
    await released;
    await route.fulfill({ response: answer });
    answered = true;
  };
  await page.route(url, handler);
  const release = (): void => {
    isReleased = true;
    letGo();
  };
  return { release, answered: () => answered };
}
