import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeytarSecretStore, KeychainUnavailableError } from '../../../src/main/accounts/secret-store';
import { draft, makeAccounts } from './support';

// `npm test` starts a throwaway gnome-keyring on Linux; CI must never skip these.
const keyringReady = process.platform !== 'linux' || process.env.SWITCHBOARD_TEST_KEYRING === 'ready';

describe.skipIf(!keyringReady && !process.env.CI)('profiles against the real Secret Service', () => {
  // A service name of its own, so a developer's real "Switchboard" entries are never touched.
  const secrets = createKeytarSecretStore(`Switchboard-test-${randomUUID()}`);

  it('creates, reads back in main, updates without touching the secret, and deletes', async () => {
    const { accounts, file } = makeAccounts(secrets);
    const created = await accounts.save(draft());
    expect(created.secretStored).toBe(true);
    expect(await secrets.get(created.id)).toBe('TopSecret-4f9a');
    expect(readFileSync(file, 'utf8')).not.toContain('TopSecret-4f9a');

    const connection = await accounts.connection(created.id);
    expect(connection).toMatchObject({ apiKey: 'key-123', apiSecret: 'TopSecret-4f9a', baseUrl: 'https://api.onbuka.com' });

    const { apiSecret: _dropped, ...withoutSecret } = draft({ name: 'Buka prod', pageSize: 100 });
    await accounts.save({ ...withoutSecret, id: created.id });
    expect(await secrets.get(created.id)).toBe('TopSecret-4f9a');
    expect((await accounts.connection(created.id)).profileName).toBe('Buka prod');

    await accounts.save({ ...withoutSecret, id: created.id, apiSecret: 'Replaced-secret-77' });
    expect(await secrets.get(created.id)).toBe('Replaced-secret-77');

    await accounts.remove(created.id);
    expect(await secrets.get(created.id)).toBeNull();
    expect((await accounts.state()).profiles.map((p) => p.id)).toEqual(['sandbox']);
  });
});

describe('when no keychain is available', () => {
  it('says how to fix it, in a fresh process with no D-Bus session', () => {
    const require = createRequire(import.meta.url);
    const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/switchboard-bus' };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const probe = spawnSync(process.execPath, [tsx, join(__dirname, 'fixtures', 'keychain-probe.ts')], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    const result = JSON.parse(probe.stdout) as { outcome: string; message?: string };
    if (process.platform === 'linux') {
      expect(result.outcome).toBe('unavailable');
      expect(result.message).toContain('Secret Service');
      expect(result.message).not.toContain('probe-secret-value');
    }
  });

  it('saves nothing and keeps no secret anywhere when the keychain refuses', async () => {
    const broken = createKeytarSecretStore('Switchboard-broken', () => Promise.reject(new Error('libsecret missing')));
    const { accounts, file, lines } = makeAccounts(broken);
    await expect(accounts.save(draft())).rejects.toBeInstanceOf(KeychainUnavailableError);
    expect(() => readFileSync(file, 'utf8')).toThrow();
    expect(lines.join('\n')).not.toContain('TopSecret-4f9a');
  });
});
