/**
 * A clock far off answers -16 to every request in flight at once: each of them waits for
 * the one repair and goes again, so a sync with the clock ten years off loses no page.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { LISTS } from '../../../src/shared/operations';
import { checkedPage } from '../support/checked';
import { startStubServer, type StubHandler, type StubServer } from './support/stub-server';

/** This computer's clock, fixed on a whole second; the platform's is ten years ahead. */
const LOCAL_MS = Date.UTC(2026, 0, 1);
const SERVER_MS = LOCAL_MS + 3653 * 86_400_000;

/** Answers after a moment (so every request is in flight before the first answer), -16 unless signed with the platform's time. */
const platformTenYearsAhead: StubHandler = (request, response) => {
  setTimeout(() => {
    const signed = Number(request.headers.timestamp);
    const body =
      Math.abs(signed - SERVER_MS / 1000) <= 1800
        ? { status: '0', reason: 'success', data: { total: 0, records: [] } }
        : { status: '-16', reason: 'timestamp expired' };
    response.writeHead(200, { 'Content-Type': 'application/json', Date: new Date(SERVER_MS).toUTCString() });
    response.end(JSON.stringify(body));
  }, 50);
};

describe('-16 on several requests at once', () => {
  let stub: StubServer;
  let client: PlatformClient;
  beforeEach(async () => {
    stub = await startStubServer();
    client = createClient({ baseUrl: stub.baseUrl, apiKey: 'k', apiSecret: 'secret', timeoutMs: 2000, random: () => 0, now: () => LOCAL_MS });
  });
  afterEach(async () => {
    client.close();
    await stub.close();
  });

  it('every request that got -16 goes again with the repaired clock, each once', async () => {
    stub.script(platformTenYearsAhead);
    const pages = await Promise.all(Array.from({ length: 6 }, () => client.page(LISTS.numbers, checkedPage(LISTS.numbers, { current: 1, size: 10, params: {} }))));
    expect(pages.map((page) => page.ok)).toEqual([true, true, true, true, true, true]);
    expect(stub.requests).toHaveLength(12);
    expect(client.clockOffsetSeconds).toBe((SERVER_MS - LOCAL_MS) / 1000);
    expect(client.notices).toHaveLength(1);
  });
});
