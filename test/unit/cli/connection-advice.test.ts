/**
 * What a CLI failure advises follows where the connection came from: a profile is mended in
 * Accounts, a --base-url connection by the command's own options and environment; and a
 * profile whose secret the desktop kept for its session only cannot lend it to a command.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../../src/main/accounts/accounts';
import { ProfileStore } from '../../../src/main/accounts/profile-store';
import { createMemorySecretStore, type SecretStore } from '../../../src/main/accounts/secret-store';
import { UsageError } from '../../../src/main/cli/command';
import { createExportCommand } from '../../../src/main/cli/export-command';
import { createSyncCommand } from '../../../src/main/cli/sync-command';
import { createLogger } from '../../../src/main/log';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { scratchDir } from '../export/support';

const log = createLogger({ console: false });

function capture() {
  const err: string[] = [];
  return { io: { out: () => undefined, err: (text: string) => err.push(text) }, err };
}

describe('the advice of a failed command', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 5, volume: 'small' });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const saveProfile = async (userData: string, secrets: SecretStore, apiSecret: string, secretForSessionOnly = false) => {
    const accounts = new Accounts({
      store: new ProfileStore(join(userData, 'profiles.json')),
      secrets,
      log,
      sandbox: async () => ({ baseUrl: sandbox.baseUrl, ...sandbox.credentials }),
      sandboxAddress: () => null,
    });
    await accounts.save({
      name: 'Day shift',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.credentials.apiKey,
      apiSecret,
      defaultAppId: '',
      timeZone: '+08:00',
      pageSize: 25,
      secretForSessionOnly,
    });
  };

  it('names the environment variables, not Accounts, when --base-url\'s credentials are refused', async () => {
    const { io, err } = capture();
    const env = { SWITCHBOARD_API_KEY: sandbox.credentials.apiKey, SWITCHBOARD_API_SECRET: 'wrong-secret', SWITCHBOARD_USER_DATA: join(scratchDir(), 'user-data') };
    const code = await createExportCommand({ env, log }).run(['seats', '--base-url', sandbox.baseUrl, '--out', join(scratchDir(), 'seats.csv')], io);
    expect(code).toBe(1);
    const printed = err.join('\n');
    expect(printed).toMatch(/\[platform:-1\]/);
    expect(printed).toContain('SWITCHBOARD_API_SECRET');
    expect(printed).not.toContain('Accounts');
  });

  it('names --base-url, not Accounts, when its address cannot be reached (sync too)', async () => {
    const { io, err } = capture();
    const env = { SWITCHBOARD_API_KEY: 'key', SWITCHBOARD_API_SECRET: 'secret', SWITCHBOARD_USER_DATA: join(scratchDir(), 'user-data') };
    const code = await createSyncCommand({ env, log }).run(['seats', '--base-url', 'http://127.0.0.1:9'], io);
    expect(code).toBe(1);
    const printed = err.join('\n');
    expect(printed).toMatch(/\[network\]/);
    expect(printed).toContain('--base-url');
    expect(printed).not.toContain('Accounts');
  }, 60_000);

  it('names --base-url, not Accounts, when its address answers as a web server, not the platform', async () => {
    const { io, err } = capture();
    const env = { SWITCHBOARD_API_KEY: sandbox.credentials.apiKey, SWITCHBOARD_API_SECRET: sandbox.credentials.apiSecret, SWITCHBOARD_USER_DATA: join(scratchDir(), 'user-data') };
    const code = await createExportCommand({ env, log }).run(['seats', '--base-url', `${sandbox.baseUrl}/nowhere`, '--out', join(scratchDir(), 'seats.csv')], io);
    expect(code).toBe(1);
    const printed = err.join('\n');
    expect(printed).toMatch(/\[http\]/);
    expect(printed).toContain('--base-url');
    expect(printed).not.toContain('Accounts');
  });

  it('still sends a profile\'s user to Accounts when its credentials are refused', async () => {
    const userData = join(scratchDir(), 'user-data');
    const secrets = createMemorySecretStore();
    await saveProfile(userData, secrets, 'wrong-secret');
    const { io, err } = capture();
    const code = await createExportCommand({ env: { SWITCHBOARD_USER_DATA: userData }, secrets, log }).run(
      ['seats', '--profile', 'Day shift', '--out', join(scratchDir(), 'seats.csv')],
      io,
    );
    expect(code).toBe(1);
    expect(err.join('\n')).toContain('Check them in Accounts');
  });

  it('says a secret kept for the desktop session only cannot reach a command, and how to give it one (a usage error: exit 2)', async () => {
    const userData = join(scratchDir(), 'user-data');
    await saveProfile(userData, createMemorySecretStore(), sandbox.credentials.apiSecret, true);
    // Another process: the desktop's memory is not this command's, and the keychain holds nothing.
    const done = createExportCommand({ env: { SWITCHBOARD_USER_DATA: userData }, secrets: createMemorySecretStore(), log }).run(
      ['seats', '--profile', 'Day shift', '--out', join(scratchDir(), 'seats.csv')],
      capture().io,
    );
    await expect(done).rejects.toBeInstanceOf(UsageError);
    await expect(done).rejects.toThrow(/session/);
    await expect(done).rejects.toThrow(/SWITCHBOARD_API_SECRET/);
    await expect(done).rejects.toThrow(/--base-url/);
  });
});
