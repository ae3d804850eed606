import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTS } from '../../../src/shared/operations';
import { checkedPage } from '../support/checked';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { readEnvelope } from '../../../src/main/api/envelope';
import type { TransportResponse } from '../../../src/main/api/transport';
import {
  CLIENT_ERROR_MESSAGES,
  clientError,
  type ClientErrorCode,
  PLATFORM_ERROR_MESSAGES,
  platformError,
  platformStatusOf,
} from '../../../src/shared/errors';
import { STATUS_MEANINGS } from '../../../src/shared/platform';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { say } from '../../../src/shared/i18n/said';
import { json, platformStatus, raw, startStubServer, type StubServer } from './support/stub-server';

/** The platform status's message in the language of the moment. */
const platformMessage = (code: number): string => {
  const key = PLATFORM_ERROR_MESSAGES[code];
  return key === undefined ? '' : say({ key });
};

const SPEC_CODES = [-1, -2, -16, -18, -20, -22, -23, -25, -29, -30, -31, -35, -63, -71, -72];
const ALL_CODES = [...SPEC_CODES, -15];

describe('error table', () => {
  it('has a message for every code of the spec plus -15, saying what to do', () => {
    for (const code of ALL_CODES) {
      const message = platformMessage(code);
      expect(message, `code ${code}`).toBeTruthy();
      expect(message.endsWith('.'), `code ${code}`).toBe(true);
    }
    expect(Object.keys(PLATFORM_ERROR_MESSAGES).map(Number).sort()).toEqual([...ALL_CODES].sort());
    // Every meaning the platform module knows has a message.
    for (const code of Object.keys(STATUS_MEANINGS)
      .map(Number)
      .filter((c) => c !== 0)) {
      expect(PLATFORM_ERROR_MESSAGES[code], `code ${code}`).toBeTruthy();
    }
  });

  it('tells what to do for a wrong key', () => {
    expect(platformError(-1, 'account authentication error')).toEqual({
      code: 'platform:-1',
      message: 'The API key or secret is wrong. Check them in Accounts.',
      // Carried as a message of the catalog too, so a screen words it in the language on show.
      said: { key: 'errors_platform_auth' },
      detail: 'account authentication error',
    });
  });

  it('explains an unknown status and keeps the reason', () => {
    const error = platformError(-99, 'something new');
    expect(error.code).toBe('platform:-99');
    expect(error.message).toContain('status -99');
    expect(error.detail).toBe('something new');
    expect(platformStatusOf(error)).toBe(-99);
    expect(platformStatusOf(clientError('network'))).toBeNull();
  });

  it('gives every client code a sentence of its own, and keeps a more precise message and a reason given', () => {
    const codes = Object.keys(CLIENT_ERROR_MESSAGES) as ClientErrorCode[];
    const messages = codes.map((code) => clientError(code).message);
    for (const [index, message] of messages.entries()) expect(message, codes[index]).toMatch(/^[A-Z][^\n]{10,}\.$/);
    expect(new Set(messages).size, 'two codes share a message').toBe(codes.length);
    expect(clientError('network')).toEqual({
      code: 'network',
      message: 'The platform could not be reached. Check your internet connection and the base URL in Accounts.',
      said: { key: 'errors_client_network' },
    });
    expect(clientError('timeout', 'No answer in 30 s.', 'socket timeout')).toEqual({
      code: 'timeout',
      message: 'No answer in 30 s.',
      detail: 'socket timeout',
    });
    // An empty reason says nothing: it is left out rather than shown as a blank line.
    expect(clientError('http', undefined, '')).not.toHaveProperty('detail');
  });
});

describe('every platform status through the client', () => {
  let stub: StubServer;
  let client: PlatformClient;
  beforeAll(async () => {
    stub = await startStubServer();
    client = createClient({
      baseUrl: stub.baseUrl,
      apiKey: 'k',
      apiSecret: 'secret',
      retry: { maxAttempts: 1, maxRateLimitRetries: 0 },
    });
  });
  afterAll(async () => {
    client.close();
    await stub.close();
  });

  for (const code of ALL_CODES) {
    for (const form of ['string', 'number'] as const) {
      it(`status ${code} sent as a ${form} becomes platform:${code} with the reason`, async () => {
        stub.script(platformStatus(form === 'string' ? String(code) : code, `server says ${code}`));
        const result = await client.page(LISTS.numbers, checkedPage(LISTS.numbers, { current: 1, size: 10, params: {} }));
        expect(result).toEqual({
          ok: false,
          error: {
            code: `platform:${code}`,
            message: platformMessage(code),
            said: { key: PLATFORM_ERROR_MESSAGES[code] },
            detail: `server says ${code}`,
            // Only the statuses that pass: a fetch may ask for such a page again.
            ...(code === -18 || code === -15 ? { transient: true } : {}),
          },
        });
      });
    }
  }
});

const response = (
  body: string,
  httpStatus = 200,
  contentType: string | null = 'application/json',
  statusText = '',
): TransportResponse => ({
  kind: 'response',
  httpStatus,
  statusText,
  contentType,
  date: null,
  body,
});
const same = (text: string): string => text;

describe('answers that are not platform answers', () => {
  it('names an HTML error page with its HTTP status', () => {
    const page =
      '<html>\r\n<head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';
    const outcome = readEnvelope(response(page, 502, 'text/html', 'Bad Gateway'), same);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure.error.code).toBe('http-5xx');
    expect(outcome.failure.error.message).toMatch(
      /^The server answered with an HTML page \(HTTP 502 Bad Gateway\)/,
    );
    expect(outcome.failure.error.detail).toBe('Page title: 502 Bad Gateway');
    expect(outcome.failure.retryable).toBe(true);
    expect(outcome.failure.maybeApplied).toBe(true);
  });

  it('recognises HTML without a content type, and a 404 page is not retried', () => {
    const outcome = readEnvelope(
      response('<!DOCTYPE html><html><body>Not found</body></html>', 404, null, 'Not Found'),
      same,
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure.error.code).toBe('http');
    expect(outcome.failure.error.message).toContain('HTTP 404 Not Found');
    expect(outcome.failure.error.message).toContain('base URL');
    expect(outcome.failure.retryable).toBe(false);
    expect(outcome.failure.maybeApplied).toBe(false);
  });

  it('reports a cut-off JSON body with its size, and no raw JSON for a screen to show', () => {
    const body = '{"status":"0","reason":"success","data":{"total":20,"records":[{"voiceId":"a1"},{"voi';
    const outcome = readEnvelope(response(body), same);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure.error.code).toBe('bad-response');
    expect(outcome.failure.error.message).toContain(`cut off after ${body.length} bytes (HTTP 200)`);
    expect(outcome.failure.error.detail).toBeUndefined();
    expect(outcome.failure.retryable).toBe(true);
  });

  it('reports text that is not JSON with an excerpt', () => {
    const outcome = readEnvelope(
      response('Service temporarily unavailable, try later', 200, 'text/plain'),
      same,
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure.error.code).toBe('bad-response');
    expect(outcome.failure.error.message).toContain('is not JSON');
    expect(outcome.failure.error.detail).toBe('Answer starts: Service temporarily unavailable, try later');
  });

  it('keeps excerpts short', () => {
    const outcome = readEnvelope(response(`oops ${'x'.repeat(5000)}`, 200, 'text/plain'), same);
    if (outcome.ok) throw new Error('expected a failure');
    expect((outcome.failure.error.detail ?? '').length).toBeLessThan(200);
  });

  it('reports an empty body, JSON without status, and a non-numeric status', () => {
    const empty = readEnvelope(response('', 200), same);
    const noStatus = readEnvelope(response('{"data":[]}'), same);
    const badStatus = readEnvelope(response('{"status":"ok"}'), same);
    const list = readEnvelope(response('[1,2]'), same);
    for (const [outcome, text] of [
      [empty, 'empty answer'],
      [noStatus, 'no status field'],
      [badStatus, 'status that is not a number'],
      [list, 'no status field'],
    ] as const) {
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) {
        expect(outcome.failure.error.code).toBe('bad-response');
        expect(outcome.failure.error.message).toContain(text);
      }
    }
  });

  it('treats a web server error body (Spring, positive status) as an HTTP error', () => {
    const outcome = readEnvelope(
      response(
        '{"timestamp":"2026-11-22T10:00:00Z","status":404,"error":"Not Found","path":"/v3/x"}',
        404,
        'application/json',
        'Not Found',
      ),
      same,
    );
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.failure.error.code).toBe('http');
    expect(outcome.failure.error.detail).toBe('404 Not Found');
  });

  it('says the HTTP status of a web server error body once, in English and Chinese', () => {
    const body = '{"timestamp":"2026-11-22T10:00:00Z","status":404,"error":"Not Found","path":"/v3/x"}';
    try {
      for (const locale of ['en', 'zh-CN'] as const) {
        setCurrentLocale(locale);
        const outcome = readEnvelope(response(body, 404, 'application/json', 'Not Found'), same);
        if (outcome.ok) throw new Error('expected a failure');
        expect(outcome.failure.error.message).toContain('HTTP 404 Not Found');
        expect(outcome.failure.error.message.match(/HTTP/g)).toHaveLength(1);
      }
    } finally {
      setCurrentLocale('en');
    }
  });

  it('prefers the platform status when an HTTP error carries one', () => {
    const outcome = readEnvelope(response('{"status":"-15","reason":"query too frequently"}', 429), same);
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.failure.error.code).toBe('platform:-15');
    expect(outcome.failure.rateLimited).toBe(true);
    expect(outcome.failure.retryable).toBe(true);
  });

  it('accepts status 0 as a string or a number', () => {
    for (const status of ['"0"', '0', '" 0 "']) {
      const outcome = readEnvelope(response(`{"status":${status},"reason":"success","data":{"x":1}}`), same);
      expect(outcome.ok).toBe(true);
      if (outcome.ok) expect(outcome.envelope.data).toEqual({ x: 1 });
    }
  });
});

describe('HTML and bad bodies through the client', () => {
  it('returns http-5xx for a gateway page after retrying reads', async () => {
    const stub = await startStubServer();
    const client = createClient({
      baseUrl: stub.baseUrl,
      apiKey: 'k',
      apiSecret: 'secret',
      retry: { maxAttempts: 3, baseDelayMs: 1 },
    });
    stub.script(raw('<html><head><title>502 Bad Gateway</title></head></html>', 502, 'text/html'));
    const result = await client.page(LISTS.axbBindings, checkedPage(LISTS.axbBindings, { current: 1, size: 10, params: {} }));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error.message).toContain('The server answered with an HTML page (HTTP 502 Bad Gateway)');
    expect(stub.requests).toHaveLength(3);
    stub.script(json({ status: '0', data: { total: 'many', records: [] } }));
    const shape = await client.page(LISTS.axbBindings, checkedPage(LISTS.axbBindings, { current: 1, size: 10, params: {} }));
    expect(shape).toMatchObject({
      ok: false,
      error: { code: 'bad-response', detail: 'data.total is the text "many", not a count' },
    });
    client.close();
    await stub.close();
  });
});
