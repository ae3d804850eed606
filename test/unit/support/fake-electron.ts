import { EventEmitter } from 'node:events';

/**
 * A stand-in for the `electron` module, just wide enough for the shell in
 * src/main/electron: it records what the shell asks of Electron so tests can
 * check window options, guards, IPC registration and CSP without the runtime.
 */
export interface Recorded {
  handlers: Map<string, (event: FakeInvokeEvent, input: unknown) => unknown>;
  windows: FakeBrowserWindow[];
  openedExternally: string[];
  setPaths: Record<string, string>;
  quitCalls: number;
  sandboxEnabled: boolean;
  permissionHandler?: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
  permissionCheck?: (contents: unknown, permission: string) => boolean;
  appUserModelId?: string;
  headersHandler?: (
    details: { responseHeaders?: Record<string, string[]> },
    callback: (response: { responseHeaders: Record<string, string[]> }) => void,
  ) => void;
}

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

export interface FakeInvokeEvent {
  sender: { id: number };
  senderFrame: FakeFrame | null;
}

let nextContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly mainFrame: FakeFrame = { url: '', parent: null };
  readonly sent: { channel: string; payload: unknown }[] = [];
  windowOpenHandler?: (details: { url: string }) => { action: string };

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }

  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }

  /** Emits a cancellable event the way Electron does and says whether it was prevented. */
  attempt(name: string, url: string): boolean {
    let prevented = false;
    this.emit(name, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  loaded: { file?: string; url?: string } = {};
  destroyed = false;
  maximized = false;

  constructor(
    readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> },
    private readonly recorded: Recorded,
    onCreate: (contents: FakeWebContents) => void,
  ) {
    super();
    recorded.windows.push(this);
    onCreate(this.webContents);
  }

  loadFile(file: string): Promise<void> {
    this.loaded = { file };
    this.webContents.mainFrame.url = `file://${file}`;
    return Promise.resolve();
  }

  loadURL(url: string): Promise<void> {
    this.loaded = { url };
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMinimized(): boolean {
    return false;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  maximize(): void {
    this.maximized = true;
  }
  show(): void {}
  restore(): void {}
  focus(): void {}
  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    const { x = 0, y = 0, width = 0, height = 0 } = this.options as Record<string, number>;
    return { x, y, width, height };
  }
}

export function createFakeElectron(options: { userData: string; singleInstance?: boolean }) {
  const recorded: Recorded = {
    handlers: new Map(),
    windows: [],
    openedExternally: [],
    setPaths: {},
    quitCalls: 0,
    sandboxEnabled: false,
  };
  const appEvents = new EventEmitter();
  const paths: Record<string, string> = { userData: options.userData };

  const app = {
    isPackaged: true,
    setPath: (name: string, value: string) => {
      recorded.setPaths[name] = value;
      paths[name] = value;
    },
    getPath: (name: string) => paths[name] ?? options.userData,
    getPreferredSystemLanguages: () => ['en-GB'],
    requestSingleInstanceLock: () => options.singleInstance ?? true,
    setAppUserModelId: (id: string) => {
      recorded.appUserModelId = id;
    },
    enableSandbox: () => {
      recorded.sandboxEnabled = true;
    },
    quit: () => {
      recorded.quitCalls += 1;
    },
    whenReady: () => Promise.resolve(),
    on: (event: string, listener: (...args: unknown[]) => void) => appEvents.on(event, listener),
    emit: (event: string, ...args: unknown[]) => appEvents.emit(event, ...args),
  };

  const createContents = (contents: FakeWebContents): void => {
    appEvents.emit('web-contents-created', {}, contents);
  };

  class BrowserWindow extends FakeBrowserWindow {
    constructor(windowOptions: Record<string, unknown>) {
      super(windowOptions, recorded, createContents);
    }
    static getAllWindows(): FakeBrowserWindow[] {
      return recorded.windows.filter((window) => !window.destroyed);
    }
  }

  const electron = {
    app,
    BrowserWindow,
    ipcMain: {
      handle: (channel: string, handler: (event: FakeInvokeEvent, input: unknown) => unknown) => {
        if (recorded.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        recorded.handlers.set(channel, handler);
      },
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Recorded['permissionHandler']) => {
          recorded.permissionHandler = handler;
        },
        setPermissionCheckHandler: (handler: Recorded['permissionCheck']) => {
          recorded.permissionCheck = handler;
        },
        webRequest: {
          onHeadersReceived: (handler: Recorded['headersHandler']) => {
            recorded.headersHandler = handler;
          },
        },
      },
    },
    shell: {
      openExternal: (url: string) => {
        recorded.openedExternally.push(url);
        return Promise.resolve();
      },
    },
    screen: {
      getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    },
  };
  return { electron, recorded, app };
}
