import { existsSync, mkdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { DesktopPort } from '../services/desktop';

/** A path in `folder` for `name` that is not taken yet: "report.xlsx", then "report (2).xlsx"... */
export function freePath(folder: string, name: string): string {
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  let candidate = join(folder, name);
  for (let n = 2; existsSync(candidate); n++) candidate = join(folder, `${stem} (${n})${extension}`);
  return candidate;
}

/**
 * The host for browser mode: a page cannot choose a path on disk, so files are saved
 * in one exports folder and the interface shows where. The page opens links itself.
 */
export function createBrowserDesktop(exportDir: string): DesktopPort {
  return {
    host: 'browser',
    openExternal: async () => {},
    async chooseSavePath({ defaultName }) {
      mkdirSync(exportDir, { recursive: true });
      return freePath(exportDir, defaultName);
    },
    showInFolder: async () => {},
    openPath: async () => 'A browser page cannot open files on this computer.',
  };
}
