import { BrowserWindow, screen } from 'electron';
import { join } from 'node:path';
import {
  DEFAULT_SIZE,
  isVisibleOnSomeDisplay,
  readWindowState,
  writeWindowState,
} from './window-state';

export interface MainWindowOptions {
  preloadFile: string;
  stateFile: string;
  iconFile: string;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const remembered = readWindowState(options.stateFile);
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const bounds =
    remembered && isVisibleOnSomeDisplay(remembered.bounds, workAreas) ? remembered.bounds : DEFAULT_SIZE;

  const window = new BrowserWindow({
    ...bounds,
    minWidth: 900,
    minHeight: 560,
    show: false,
    title: 'Switchboard',
    icon: options.iconFile,
    autoHideMenuBar: true,
    // Written out here, not spread from a constant, so a scanner reading this call sees them.
    webPreferences: {
      preload: options.preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: false,
    },
  });
  if (remembered?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    writeWindowState(options.stateFile, {
      bounds: window.getNormalBounds(),
      maximized: window.isMaximized(),
    });
  });
  return window;
}

export function rendererIndexFile(mainDir: string): string {
  return join(mainDir, '../renderer/index.html');
}
