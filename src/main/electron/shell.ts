import { app, BrowserWindow, ipcMain, session } from 'electron';
import { join, resolve } from 'node:path';
import { eventChannel } from '../../shared/contract';
import { endOnSignals } from '../end-on-signals';
import { removeStalePartials } from '../export/reservation';
import { createLogger } from '../log';
import { logUnhandledRejections } from '../unhandled-rejections';
import { createServices, type EmitEvent } from '../handlers';
import { USER_DATA_ENV } from '../user-data';
import { createAppUrlCheck } from './app-url';
import { createElectronDesktop } from './desktop';
import { guardSession, guardWebContents } from './guards';
import { createSenderCheck, registerContractHandlers } from './ipc';
import { createMainWindow, rendererIndexFile } from './window';

const APP_USER_MODEL_ID = 'com.switchboard.desktop';

export function startShell(mainDir: string): void {
  const overridden = process.env[USER_DATA_ENV];
  if (overridden) app.setPath('userData', resolve(overridden));

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.enableSandbox();
  // SIGTERM and SIGINT quit the app, its archive work interrupted; it is gone within two seconds.
  endOnSignals({ onSignal: () => app.quit() });
  // Windows shows desktop notifications (a job that ended) only for an app with a model id.
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

  const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
  const indexFile = rendererIndexFile(mainDir);
  const isAppUrl = createAppUrlCheck({ devServerUrl, indexFile });
  let mainWindow: BrowserWindow | null = null;

  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, isAppUrl));
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  void app.whenReady().then(() => {
    const userData = app.getPath('userData');
    const log = createLogger({ file: join(userData, 'logs', 'main.log') });
    logUnhandledRejections(log);
    const emit: EmitEvent = (name, payload) => {
      if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(eventChannel(name), payload);
    };
    const desktop = createElectronDesktop(() => mainWindow);
    // The demo profile's sandbox lives: calls arrive and seats change status (the Live screen).
    const services = createServices({ userDataDir: userData, desktop, log, emit, sandboxOptions: { live: true } });
    // Scheduled syncs and daily reports run while the app does; a report missed while it was closed is written now.
    services.scheduler.start();
    // Exports go to Downloads unless the user picks elsewhere: leftovers of a crash there (ours only).
    removeStalePartials(app.getPath('downloads'));
    guardSession(session.defaultSession, devServerUrl !== undefined);
    registerContractHandlers(ipcMain, services.dispatch, createSenderCheck(() => mainWindow, isAppUrl), log);

    const openWindow = (): void => {
      mainWindow = createMainWindow({
        preloadFile: join(mainDir, '../preload/index.js'),
        stateFile: join(userData, 'window-state.json'),
        iconFile: join(mainDir, '../../resources/icon.png'),
      });
      mainWindow.on('closed', () => {
        mainWindow = null;
      });
      if (devServerUrl) void mainWindow.loadURL(devServerUrl);
      else void mainWindow.loadFile(indexFile);
    };
    openWindow();

    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
    app.on('will-quit', () => void services.close());
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
