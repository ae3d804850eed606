import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { m } from '../../shared/i18n';
import type { DesktopPort } from '../desktop-port';
import type { DownloadOffers } from './download-offers';

/**
 * The host for browser mode: a page cannot choose a path on disk, so files are saved
 * in one exports folder and offered to the page as a one-time download. The page opens
 * links itself.
 */
export function createBrowserDesktop(exportDir: string, downloads: DownloadOffers | null = null): DesktopPort {
  return {
    host: 'browser',
    openExternal: async () => {},
    async chooseSavePath({ defaultName }) {
      mkdirSync(exportDir, { recursive: true });
      // Only a suggestion: the export claims the first free name from it (see export/reservation.ts).
      return join(exportDir, defaultName);
    },
    showInFolder: async () => {},
    openPath: async () => m.errors_browser_open_path(),
    offerDownload: (path) => downloads?.offer(path) ?? null,
  };
}
