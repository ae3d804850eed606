import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import { methodChannel, methodNames } from '../../shared/contract';
import { m } from '../../shared/i18n';
import { fail } from '../../shared/result';
import type { Logger } from '../log';
import type { Dispatch } from '../handlers/dispatcher';

/** Only our own window's main frame, showing our own page, is answered. */
export function createSenderCheck(
  getWindow: () => BrowserWindow | null,
  isAppUrl: (url: string) => boolean,
): (event: IpcMainInvokeEvent) => boolean {
  return (event) => {
    const window = getWindow();
    if (!window || window.isDestroyed()) return false;
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    if (event.sender.id !== window.webContents.id) return false;
    return isAppUrl(frame.url);
  };
}

/** Registers one handler per contract method, and nothing else. */
export function registerContractHandlers(
  ipcMain: IpcMain,
  dispatch: Dispatch,
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean,
  log: Logger,
): void {
  for (const name of methodNames) {
    ipcMain.handle(methodChannel(name), (event, input: unknown) => {
      if (!isTrustedSender(event)) {
        log.warn(`refused ${name} from an unknown sender`, event.senderFrame?.url ?? 'no frame');
        return fail('forbidden', m.cli_ipc_forbidden());
      }
      return dispatch(name, input);
    });
  }
}
