import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts } from '../../../src/main/accounts/accounts';
import { ProfileStore } from '../../../src/main/accounts/profile-store';
import type { SecretStore } from '../../../src/main/accounts/secret-store';
import { createLogger } from '../../../src/main/log';
import type { ProfileDraft } from '../../../src/shared/profiles';

export function makeAccounts(secrets: SecretStore, dir = mkdtempSync(join(tmpdir(), 'accounts-'))) {
  const lines: string[] = [];
  const file = join(dir, 'profiles.json');
  const accounts = new Accounts({
    store: new ProfileStore(file),
    secrets,
    log: createLogger({ console: false, sink: (line) => lines.push(line) }),
    sandbox: async () => ({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sandbox-demo-key', apiSecret: 'sandbox-demo-secret' }),
    sandboxAddress: () => null,
  });
  return { accounts, file, lines, dir };
}

export function draft(overrides: Partial<ProfileDraft> = {}): ProfileDraft {
  return {
    name: 'Buka production',
    baseUrl: 'https://api.onbuka.com',
    apiKey: 'key-123',
    apiSecret: 'TopSecret-4f9a',
    defaultAppId: 'app01',
    timeZone: 'Asia/Shanghai',
    pageSize: 50,
    ...overrides,
  };
}
