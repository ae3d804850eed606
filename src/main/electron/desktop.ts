import { app, dialog, Notification, shell, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { DesktopPort } from '../desktop-port';

export function createElectronDesktop(getWindow: () => BrowserWindow | null): DesktopPort {
  return {
    host: 'electron',
    openExternal: (url) => shell.openExternal(url),
    async chooseSavePath({ defaultName, filters }) {
      const options = { defaultPath: join(app.getPath('downloads'), defaultName), filters };
      const window = getWindow();
      const answer = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      return answer.canceled || !answer.filePath ? null : answer.filePath;
    },
    async showInFolder(path) {
      shell.showItemInFolder(path);
    },
    async openPath(path) {
      const problem = await shell.openPath(path);
      return problem === '' ? null : problem;
    },
    // The file is on this computer already, where the user chose to save it.
    offerDownload: () => null,
    systemLanguages: () => app.getPreferredSystemLanguages(),
    notify(title, body, onClick) {
      if (typeof Notification?.isSupported !== 'function' || !Notification.isSupported()) return false;
      const notice = new Notification({ title, body });
      notice.on('click', () => {
        const window = getWindow();
        if (window && !window.isDestroyed()) {
          if (window.isMinimized()) window.restore();
          window.focus();
        }
        onClick?.();
      });
      notice.show();
      return true;
    },
  };
}
