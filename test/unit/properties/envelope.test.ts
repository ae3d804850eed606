/**
 * Whatever the server sends (any JSON, any bytes, cut-off JSON, HTML pages) becomes a
 * typed answer or a typed error, never an exception, and never carries the secret.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LISTS } from '../../../src/shared/operations';
import { createCaller } from '../../../src/main/api/caller';
import { readEnvelope, type EnvelopeOutcome } from '../../../src/main/api/envelope';
import { parseJsonExact } from '../../../src/main/api/json-text';
import { normalisePage, normaliseVoiceRecord } from '../../../src/shared/normalise';
import type { Transport, TransportResponse } from '../../../src/main/api/transport';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const RUNS = 300;
const zone = parseTimeZone('+08:00') as TimeZone;
const noRedaction = (text: string): string => text;

/** The codes readEnvelope may answer with. */
const KNOWN_CODE = /^(bad-response|http|http-5xx|platform:-\d+)$/;

function response(body: string, httpStatus = 200, contentType: string | null = 'application/json'): TransportResponse {
  return { kind: 'response', httpStatus, statusText: '', contentType, date: null, body };
}

function expectTyped(outcome: EnvelopeOutcome): void {
  if (outcome.ok) {
    expect(outcome.envelope.status).toBe(0);
    expect(typeof outcome.envelope.body).toBe('object');
    return;
  }
  const { error } = outcome.failure;
  expect(error.code).toMatch(KNOWN_CODE);
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  if (error.detail !== undefined) expect(typeof error.detail).toBe('string');
  expect(typeof outcome.failure.retryable).toBe('boolean');
  expect(typeof outcome.failure.maybeApplied).toBe('boolean');
}

const httpStatus = fc.oneof(fc.constant(200), fc.integer({ min: 100, max: 599 }));
const contentType = fc.option(fc.constantFrom('application/json;charset=UTF-8', 'text/html', 'text/plain'), { nil: null });
const anyStatus = fc.oneof(fc.integer({ min: -100, max: 600 }).map(String), fc.integer({ min: -100, max: 600 }), fc.jsonValue());
const envelopeLike = fc.record(
  { status: anyStatus, reason: fc.jsonValue(), data: fc.jsonValue(), error: fc.string() },
  { requiredKeys: [] },
);
const htmlPage = fc
  .tuple(fc.string(), fc.string())
  .map(([title, text]) => `<!DOCTYPE html><html><head><title>${title}</title></head><body>${text}</body></html>`);

describe('reading the server answer (properties)', () => {
  it('any JSON value becomes an envelope with status 0 or a typed error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), envelopeLike), httpStatus, contentType, (value, status, type) => {
        expectTyped(readEnvelope(response(JSON.stringify(value) ?? '', status, type), noRedaction));
      }),
      { numRuns: RUNS },
    );
  });

  it('a successful answer is exactly one whose status is 0 (text or number) on a JSON object', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, '0', ' 0 ', -0), fc.jsonValue(), (status, data) => {
        const outcome = readEnvelope(response(JSON.stringify({ status, reason: 'success', data })), noRedaction);
        expect(outcome.ok).toBe(true);
        if (outcome.ok) expect(outcome.envelope.data).toEqual(parseJsonExact(JSON.stringify(data)));
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: -1 }), fc.option(fc.string(), { nil: null }), (status, reason) => {
        const outcome = readEnvelope(response(JSON.stringify({ status: String(status), reason })), noRedaction);
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) {
          expect(outcome.failure.error.code).toBe(`platform:${status}`);
          if (reason) expect(outcome.failure.error.detail).toBe(reason);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('any byte string, invalid UTF-8 included, becomes a typed result', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), httpStatus, contentType, (bytes, status, type) => {
        // What the transport does with the body: UTF-8 text, bad sequences replaced.
        const body = Buffer.from(bytes).toString('utf8');
        expectTyped(readEnvelope(response(body, status, type), noRedaction));
      }),
      { numRuns: RUNS },
    );
  });

  it('a JSON answer cut off anywhere is a retryable bad-response, never a success', () => {
    const cut = fc
      .record({ status: fc.constant('0'), reason: fc.string(), data: fc.jsonValue() })
      .map((value) => JSON.stringify(value))
      .chain((text) => fc.tuple(fc.constant(text), fc.integer({ min: 1, max: text.length - 1 })));
    fc.assert(
      fc.property(cut, ([text, at]) => {
        const outcome = readEnvelope(response(text.slice(0, at)), noRedaction);
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) {
          expect(outcome.failure.error.code).toBe('bad-response');
          expect(outcome.failure.retryable).toBe(true);
          expect(outcome.failure.maybeApplied).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('an HTML page is never read as data', () => {
    fc.assert(
      fc.property(htmlPage, httpStatus, contentType, (page, status, type) => {
        const outcome = readEnvelope(response(page, status, type), noRedaction);
        expectTyped(outcome);
        expect(outcome.ok).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('never puts the secret, or a piece of it, into an error', () => {
    // Secret and filler come from different alphabets, so any 6 characters of the secret
    // in the error must have come from the secret.
    const secret = fc.stringMatching(/^[A-Z0-9]{32}$/);
    // Padding of any length, so the secret also straddles the point where excerpts are cut.
    const filler = fc
      .tuple(fc.nat({ max: 320 }), fc.stringMatching(/^[a-z <>/{}":,.-]{0,40}$/))
      .map(([pad, text]) => `${'x'.repeat(pad)}${text}`);
    const leakyBody = fc.tuple(secret, filler, filler).chain(([key, before, after]) =>
      fc.tuple(
        fc.constant(key),
        fc.constantFrom(
          `${before}${key}${after}`,
          `<html><head><title>${before}${key}${after}</title></head></html>`,
          JSON.stringify({ status: '-1', reason: `${before}${key}${after}` }),
          JSON.stringify({ status: 500, error: `${before}${key}${after}` }),
          `{"status":"0","reason":"${before}${key}${after}`,
          JSON.stringify({ status: `${before}${key}${after}` }),
        ),
      ),
    );
    fc.assert(
      fc.property(leakyBody, httpStatus, contentType, ([key, body], status, type) => {
        const redact = (text: string): string => text.split(key).join('[redacted]');
        const outcome = readEnvelope(response(body, status, type), redact);
        if (outcome.ok) return;
        const shown = `${outcome.failure.error.message}\n${outcome.failure.error.detail ?? ''}`;
        for (let i = 0; i + 6 <= key.length; i += 1) expect(shown).not.toContain(key.slice(i, i + 6));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('exact JSON reading (properties)', () => {
  it('reads any JSON text as JSON.parse does when every number survives the round trip', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(parseJsonExact(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps long ids and decimal amounts as their exact text', () => {
    const digits = fc.stringMatching(/^[1-9]\d{16,30}$/);
    const amount = fc.tuple(fc.nat({ max: 10_000 }), fc.stringMatching(/^\d{0,3}0$/)).map(([whole, cents]) => `${whole}.${cents}`);
    fc.assert(
      fc.property(digits, amount, fc.string(), (id, money, label) => {
        const text = `{"label":${JSON.stringify(label)},"id":${id},"cost":${money}}`;
        const parsed = parseJsonExact(text) as Record<string, unknown>;
        expect(parsed.id).toBe(String(Number(id)) === id ? Number(id) : id);
        expect(parsed.cost).toBe(String(Number(money)) === money ? Number(money) : money);
        expect(parsed.label).toBe(label);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the whole read path through the caller (properties)', () => {
  it('any answer to a list call resolves to a typed Result and never rejects', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value) ?? ''),
          envelopeLike.map((value) => JSON.stringify(value)),
          fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('utf8')),
          fc.jsonValue().map((data) => JSON.stringify({ status: '0', reason: 'success', data })),
        ),
        httpStatus,
        async (body, status) => {
          const transport: Transport = {
            send: async () => response(body, status),
            close: () => {},
          };
          const call = createCaller({
            transport,
            apiKey: 'key',
            apiSecret: 'secret-value',
            clock: { nowMs: () => Date.UTC(2026, 4, 15), offsetSeconds: 0, answeredOffsetMs: null },
            retry: { maxAttempts: 1, maxRateLimitRetries: 0, baseDelayMs: 0, maxDelayMs: 0, rateLimitBaseDelayMs: 0 },
            timeoutMs: 1000,
            notify: () => {},
          });
          const result = await call(LISTS.voiceRecords.endpoint, { body: {} }, (envelope) =>
            normalisePage(envelope.data, normaliseVoiceRecord, { zone }),
          );
          if (result.ok) {
            expect(Number.isSafeInteger(result.value.total)).toBe(true);
            expect(Array.isArray(result.value.records)).toBe(true);
          } else {
            expect(typeof result.error.code).toBe('string');
            expect(typeof result.error.message).toBe('string');
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
