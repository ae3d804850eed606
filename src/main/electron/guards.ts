import { shell, type Session, type WebContents } from 'electron';
import { isSafeExternalUrl } from '../../shared/links';
import { CONTENT_SECURITY_POLICY, DEV_CONTENT_SECURITY_POLICY } from '../security/csp';

/** Blocks navigation away from the app, new windows and webviews for one web contents. */
export function guardWebContents(contents: WebContents, isAppUrl: (url: string) => boolean): void {
  const blockForeign = (event: { preventDefault(): void }, url: string): void => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', blockForeign);
  contents.on('will-redirect', blockForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Links open in the system browser, and only over https; never in a new app window.
    if (isSafeExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

/** The one permission the window gets: telling the desktop that a job ended while its screen was not shown. */
const allowed = (permission: string): boolean => permission === 'notifications';

/** Denies every other permission request and adds the CSP to every response the session serves. */
export function guardSession(session: Session, dev: boolean): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(allowed(permission)));
  session.setPermissionCheckHandler((_contents, permission) => allowed(permission));
  const policy = dev ? DEV_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY;
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] },
    });
  });
}
