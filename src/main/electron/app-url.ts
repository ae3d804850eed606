import { pathToFileURL } from 'node:url';

/**
 * Decides whether a URL is the app's own page: the built index.html on disk, or
 * the dev server's origin while developing. Everything else is foreign.
 */
export function createAppUrlCheck(entry: { devServerUrl?: string; indexFile: string }): (url: string) => boolean {
  if (entry.devServerUrl) {
    const origin = new URL(entry.devServerUrl).origin;
    return (url) => {
      try {
        return new URL(url).origin === origin;
      } catch {
        return false;
      }
    };
  }
  const indexHref = pathToFileURL(entry.indexFile).href;
  return (url) => {
    try {
      const parsed = new URL(url);
      parsed.hash = '';
      parsed.search = '';
      return parsed.href === indexHref;
    } catch {
      return false;
    }
  };
}
