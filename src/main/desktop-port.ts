/**
 * What the services need from the host they run in. The Electron shell implements
 * it with Electron's dialogs and shell; the browser harness and the tests with plain
 * Node (files go to an exports folder, since a web page cannot pick a path on disk).
 */
export interface FileFilter {
  name: string;
  extensions: string[];
}

export interface DesktopPort {
  readonly host: 'electron' | 'browser';
  openExternal(url: string): Promise<void>;
  /**
   * Asks where to save a file; null when the user cancels. In browser mode nobody is
   * asked: the answer is a suggested name in the exports folder, and a free one is taken.
   */
  chooseSavePath(options: { defaultName: string; filters: FileFilter[] }): Promise<string | null>;
  /** Shows a saved file in the system's file manager (nothing to do in browser mode). */
  showInFolder(path: string): Promise<void>;
  /** Opens a saved file in the application the system uses for it; why not, or null when it opened. */
  openPath(path: string): Promise<string | null>;
  /** Browser mode: a one-time address the page downloads `path` from; null where files are shown in a folder. */
  offerDownload(path: string): string | null;
  /**
   * Shows a desktop notification (Electron's); false where the host has none, and the page
   * shows it with the web Notification instead (browser mode). Clicking it brings the window
   * forward, then calls `onClick`.
   */
  notify?(title: string, body: string, onClick?: () => void): boolean;
  /** The system's preferred languages, best first (Electron's); none where the page knows them (browser mode). */
  systemLanguages?(): string[];
}
