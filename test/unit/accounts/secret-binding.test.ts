import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import { createLogger } from '../../../src/main/log';
import { createAccountsHandlers } from '../../../src/main/handlers/accounts-handlers';
import { draft, makeAccounts } from './support';

/** A host that records every request it gets: a stored secret must never sign one. */
async function listeningHost() {
  const seen: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    seen.push(request);
    response.setHeader('content-type', 'application/json');
    response.end('{"status":"-1","reason":"nope"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('a stored secret signs only for the address and key it was saved with', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function setUp() {
    const { accounts } = makeAccounts(createMemorySecretStore());
    const handlers = createAccountsHandlers(accounts, createLogger({ console: false, sink: () => undefined }));
    const saved = await accounts.save(draft());
    const host = await listeningHost();
    closers.push(host.close);
    return { accounts, handlers, saved, host };
  }

  it('refuses to test a changed base URL with the stored secret and sends nothing there', async () => {
    const { handlers, saved, host } = await setUp();
    const result = await handlers.testConnection({ draft: { ...draft({ baseUrl: host.url, apiSecret: undefined }), id: saved.id } });
    expect(result).toMatchObject({ ok: false, error: { code: 'validation', fields: { apiSecret: expect.stringMatching(/type the API secret again/i) } } });
    expect(host.seen).toHaveLength(0);
  });

  it('refuses to test a changed API key with the stored secret', async () => {
    const { handlers, saved } = await setUp();
    const result = await handlers.testConnection({ draft: { ...draft({ apiKey: 'other-key', apiSecret: undefined }), id: saved.id } });
    expect(result).toMatchObject({ ok: false, error: { fields: { apiSecret: expect.any(String) } } });
  });

  it('tests a changed base URL once the secret is typed again', async () => {
    const { handlers, saved, host } = await setUp();
    const result = await handlers.testConnection({ draft: { ...draft({ baseUrl: host.url, apiSecret: 'typed-again' }), id: saved.id } });
    expect(result.ok).toBe(true);
    expect(host.seen).toHaveLength(1);
  });

  it('refuses to save a changed base URL or key without the secret, and keeps the stored profile', async () => {
    const { accounts, handlers, saved } = await setUp();
    for (const change of [{ baseUrl: 'https://evil.example.com' }, { apiKey: 'other-key' }]) {
      const result = await handlers.saveProfile({ ...draft({ ...change, apiSecret: undefined }), id: saved.id });
      expect(result).toMatchObject({ ok: false, error: { code: 'validation', fields: { apiSecret: expect.any(String) } } });
    }
    expect((await accounts.connection(saved.id)).baseUrl).toBe('https://api.onbuka.com');
  });

  it('still saves other changes, and a trailing slash, without the secret', async () => {
    const { handlers, saved } = await setUp();
    const result = await handlers.saveProfile({
      ...draft({ baseUrl: 'https://api.onbuka.com/', pageSize: 10, apiSecret: undefined }),
      id: saved.id,
    });
    expect(result).toMatchObject({ ok: true, value: { pageSize: 10 } });
  });
});
