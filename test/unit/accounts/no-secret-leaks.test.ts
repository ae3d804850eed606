import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import { createBrowserDesktop } from '../../../src/main/browser-host/browser-desktop';
import { createLogger } from '../../../src/main/log';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { createServices, type Services } from '../../../src/main/handlers';

const KEY = 'leak-test-key';
const SECRET = 'Leak-Test-Secret-8c21e';

/** Every Sign the client could have sent during the test (any timestamp within ±2 h). */
function possibleSigns(fromSeconds: number, toSeconds: number): Set<string> {
  const signs = new Set<string>();
  for (let t = fromSeconds - 7200; t <= toSeconds + 7200; t++) {
    signs.add(createHash('md5').update(`${KEY}${SECRET}${t}`).digest('hex'));
  }
  return signs;
}

describe('a full session never writes the secret or a Sign anywhere', () => {
  let sandbox: Sandbox;
  let services: Services;
  const lines: string[] = [];
  const logFile = join(mkdtempSync(join(tmpdir(), 'leaks-')), 'main.log');

  beforeAll(async () => {
    sandbox = await startSandbox({ volume: 'small', accounts: [{ apiKey: KEY, apiSecret: SECRET }] });
    services = createServices({
      userDataDir: mkdtempSync(join(tmpdir(), 'leaks-data-')),
      desktop: createBrowserDesktop(mkdtempSync(join(tmpdir(), 'leaks-exports-'))),
      log: createLogger({ file: logFile, sink: (line) => lines.push(line) }),
      emit: () => {},
      secrets: createMemorySecretStore(),
    });
  });
  afterAll(async () => {
    await services.close();
    await sandbox.close();
  });

  it('holds across saving, testing, failures and faults', async () => {
    const started = Math.floor(Date.now() / 1000);
    const results: unknown[] = [];
    const call = async (method: string, input: unknown) => {
      const result = await services.dispatch(method, input);
      results.push(result);
      return result;
    };
    const draft = {
      name: 'Leak check',
      baseUrl: sandbox.baseUrl,
      apiKey: KEY,
      apiSecret: SECRET,
      defaultAppId: 'app01',
      timeZone: '+08:00',
      pageSize: 25,
    };
    const saved = await call('saveProfile', draft);
    expect(saved).toMatchObject({ ok: true });
    const id = (saved as { value: { id: string } }).value.id;
    const { apiSecret: _omit, ...withoutSecret } = draft;

    await call('testConnection', { draft: { ...withoutSecret, id } });
    await call('testConnection', { draft: { ...draft, apiSecret: `${SECRET}-wrong` } });
    sandbox.setFaults({ html502Rate: 1 });
    await call('testConnection', { draft: { ...withoutSecret, id } });
    sandbox.setFaults({ html502Rate: 0, truncateRate: 1 });
    await call('testConnection', { draft: { ...withoutSecret, id } });
    sandbox.setFaults({ truncateRate: 0, clockOffsetSeconds: 3600 });
    await call('testConnection', { draft: { ...withoutSecret, id } });
    sandbox.setFaults({ clockOffsetSeconds: 0 });
    sandbox.setAccount(KEY, { enabled: false });
    await call('testConnection', { draft: { ...withoutSecret, id } });
    await call('testConnection', { draft: { ...draft, id, baseUrl: 'http://127.0.0.1:1' } });
    await call('saveProfile', { ...draft, id, name: 'Leak check 2' });
    await call('listProfiles', undefined);
    await call('deleteProfile', { id });

    const everything = [JSON.stringify(results), lines.join('\n'), readFileSync(logFile, 'utf8')].join('\n');
    const codes = results.map((r) => {
      const result = r as { ok: boolean; value?: { code?: string | null; ok?: boolean } };
      return result.ok ? (result.value?.code ?? 'ok') : 'failed';
    });
    // Each path really ran: success, -1, an HTML 502 page, a truncated body, clock repair, -30, no server.
    expect(codes).toEqual(['ok', 'ok', 'platform:-1', 'http-5xx', 'bad-response', 'ok', 'platform:-30', 'network', 'ok', 'ok', 'ok']);
    expect(everything).not.toContain(SECRET);
    const signs = possibleSigns(started, Math.floor(Date.now() / 1000));
    for (const hex of everything.match(/[0-9a-fA-F]{32}/g) ?? []) expect(signs.has(hex.toLowerCase())).toBe(false);
  });
});
