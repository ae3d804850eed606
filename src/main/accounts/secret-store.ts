/**
 * API secrets live in the operating system's keychain through keytar (service
 * "Switchboard", account = the profile id), never on disk in plain text. When the
 * keychain cannot be used, callers get a KeychainUnavailableError whose message
 * says how to fix it; there is no fallback.
 */
import { m } from '../../shared/i18n';

export interface SecretStore {
  get(profileId: string): Promise<string | null>;
  set(profileId: string, secret: string): Promise<void>;
  delete(profileId: string): Promise<boolean>;
}

export const KEYCHAIN_SERVICE = 'Switchboard';

export class KeychainUnavailableError extends Error {
  override name = 'KeychainUnavailableError';
  constructor(
    readonly advice: string,
    /** What the keychain library said; safe to log (it never contains the secret). */
    readonly reason: string,
  ) {
    super(advice);
  }
}

interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export function keychainAdvice(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return m.errors_keychain_macos();
  if (platform === 'win32') return m.errors_keychain_windows();
  return m.errors_keychain_linux();
}

/** The keytar-backed store; keytar loads on first use so a broken install cannot stop the app. */
export function createKeytarSecretStore(
  service: string = KEYCHAIN_SERVICE,
  load: () => Promise<KeytarApi> = loadKeytar,
): SecretStore {
  let keytar: Promise<KeytarApi> | null = null;

  async function withKeychain<T>(action: (api: KeytarApi) => Promise<T>): Promise<T> {
    keytar ??= load();
    let api: KeytarApi;
    try {
      api = await keytar;
    } catch (error) {
      keytar = null;
      throw new KeychainUnavailableError(keychainAdvice(), describe(error));
    }
    try {
      return await action(api);
    } catch (error) {
      throw new KeychainUnavailableError(keychainAdvice(), describe(error));
    }
  }

  return {
    get: (profileId) => withKeychain((api) => api.getPassword(service, profileId)),
    set: (profileId, secret) => withKeychain((api) => api.setPassword(service, profileId, secret)),
    delete: (profileId) => withKeychain((api) => api.deletePassword(service, profileId)),
  };
}

async function loadKeytar(): Promise<KeytarApi> {
  const module: unknown = await import('keytar');
  const api = (module as { default?: KeytarApi }).default ?? (module as KeytarApi);
  if (typeof api.getPassword !== 'function') throw new Error('keytar did not load');
  return api;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** For tests and the CLI's environment-variable credentials: a store held in memory. */
export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    get: async (id) => secrets.get(id) ?? null,
    set: async (id, secret) => {
      secrets.set(id, secret);
    },
    delete: async (id) => secrets.delete(id),
  };
}
