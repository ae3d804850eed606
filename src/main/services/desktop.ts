/**
 * What the services need from the host they run in. The Electron shell implements
 * it with Electron's APIs; the browser harness and the tests with plain Node.
 */
export interface DesktopPort {
  readonly host: 'electron' | 'browser';
  openExternal(url: string): Promise<void>;
}
