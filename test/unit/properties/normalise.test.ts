/**
 * Any JSON in `data` becomes a page of fully typed records (every schema field of its
 * declared kind, everything else kept as JSON in `extra`) or a typed bad-response error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AXB_BINDING_SCHEMA,
  NUMBER_CALL_SCHEMA,
  NUMBER_SCHEMA,
  normaliseAxbBinding,
  normaliseMmsSendResult,
  normaliseNumber,
  normaliseNumberCallRecord,
  normaliseObject,
  normalisePage,
  normaliseSeat,
  normaliseSeatGroupSettings,
  normaliseTaskDetail,
  normaliseTeamLeader,
  normaliseVoiceRecord,
  type FieldSpec,
  type RecordNormaliser,
  SEAT_GROUP_SCHEMA,
  SEAT_SCHEMA,
  TASK_DETAIL_SCHEMA,
  TEAM_LEADER_SCHEMA,
  VOICE_RECORD_SCHEMA,
} from '../../../src/shared/normalise';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const RUNS = 150;
const context = { zone: parseTimeZone('Asia/Shanghai') as TimeZone };

type Schema = Readonly<Record<string, FieldSpec>>;

interface Case {
  name: string;
  schema: Schema;
  normalise: RecordNormaliser<object>;
}

const CASES: Case[] = [
  { name: 'voice records', schema: VOICE_RECORD_SCHEMA, normalise: normaliseVoiceRecord },
  { name: 'task details', schema: TASK_DETAIL_SCHEMA, normalise: normaliseTaskDetail },
  { name: 'number records', schema: NUMBER_CALL_SCHEMA, normalise: normaliseNumberCallRecord },
  { name: 'seats', schema: SEAT_SCHEMA, normalise: normaliseSeat },
  { name: 'team leaders', schema: TEAM_LEADER_SCHEMA, normalise: normaliseTeamLeader },
  { name: 'numbers', schema: NUMBER_SCHEMA, normalise: normaliseNumber },
  { name: 'AXB bindings', schema: AXB_BINDING_SCHEMA, normalise: normaliseAxbBinding },
  { name: 'seat group settings', schema: SEAT_GROUP_SCHEMA, normalise: normaliseSeatGroupSettings },
];

/** Values a server field may plausibly hold, plus anything JSON. */
const fieldValue = fc.oneof(
  fc.jsonValue(),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(Date.UTC(2100, 0)) }).map((date) => date.toISOString()),
  fc
    .date({ noInvalidDate: true, min: new Date(0), max: new Date(Date.UTC(2100, 0)) })
    .map((date) => date.toISOString().slice(0, 19).replace('T', ' ')),
  fc.stringMatching(/^\d{9,13}$/),
  fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 4 }),
);

function serverRecord(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.entries(schema).flatMap(([field, spec]) => spec.from ?? [field]);
  const known = Object.fromEntries(names.map((name) => [name, fieldValue]));
  return fc
    .tuple(fc.record(known, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }))
    .map(([fields, extra]) => ({ ...extra, ...fields }));
}

/** Only what JSON can carry: no undefined, functions, NaN or Infinity anywhere inside. */
function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value === 'object') return Object.values(value).every(isJsonValue);
  return false;
}

/** Each schema field holds a value of its declared kind. */
function expectTypedRecord(record: Record<string, unknown>, schema: Schema): void {
  for (const [field, spec] of Object.entries(schema)) {
    const value = record[field];
    switch (spec.kind) {
      case 'text':
        expect(value === null || typeof value === 'string', `${field} is text or null`).toBe(true);
        break;
      case 'number':
        expect(value === null || (typeof value === 'number' && Number.isFinite(value)), `${field} is a finite number or null`).toBe(true);
        break;
      case 'amount':
        if (value !== null) {
          expect(value).toEqual({ text: expect.any(String), value: expect.toBeOneOf([null, expect.any(Number)]) });
          const amount = value as { value: number | null };
          if (amount.value !== null) expect(Number.isFinite(amount.value)).toBe(true);
        }
        break;
      case 'timestamp':
        if (value !== null) {
          expect(value).toEqual({ text: expect.any(String), epochMs: expect.toBeOneOf([null, expect.any(Number)]) });
          const stamp = value as { epochMs: number | null };
          if (stamp.epochMs !== null) expect(Number.isFinite(stamp.epochMs)).toBe(true);
        }
        break;
      case 'textList':
        expect(Array.isArray(value) && value.every((item) => typeof item === 'string'), `${field} is a list of texts`).toBe(true);
        break;
      default:
        throw new Error(`unknown kind ${spec.kind}`);
    }
  }
  expect(isJsonValue(record.extra)).toBe(true);
}

describe('normalising list pages (properties)', () => {
  for (const { name, schema, normalise } of CASES) {
    it(`${name}: any JSON data is a typed page or a bad-response error`, () => {
      fc.assert(
        fc.property(fc.jsonValue(), (data) => {
          const result = normalisePage(data, normalise, context);
          if (result.ok) {
            expect(Number.isSafeInteger(result.value.total) && result.value.total >= 0).toBe(true);
            for (const record of result.value.records) expectTypedRecord(record as Record<string, unknown>, schema);
          } else {
            expect(result.error.code).toBe('bad-response');
            expect(typeof result.error.message).toBe('string');
            expect(typeof result.error.detail).toBe('string');
          }
        }),
        { numRuns: 50 },
      );
    });

    it(`${name}: any server records become typed records, unknown fields kept in extra`, () => {
      const page = fc.record({
        total: fc.oneof(fc.nat(), fc.nat().map(String)),
        size: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        current: fc.option(fc.nat(), { nil: undefined }),
        records: fc.array(serverRecord(schema), { maxLength: 5 }),
      });
      fc.assert(
        fc.property(page, (data) => {
          const result = normalisePage(data, normalise, context);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.value.total).toBe(Number(data.total));
          expect(result.value.records).toHaveLength(data.records.length);
          result.value.records.forEach((record, i) => {
            expectTypedRecord(record as Record<string, unknown>, schema);
            const extra = (record as { extra: Record<string, unknown> }).extra;
            const known = new Set(Object.entries(schema).flatMap(([field, spec]) => spec.from ?? [field]));
            for (const key of Object.keys(data.records[i])) {
              const isTaskVariable = name === 'task details' && /^var(0[1-9]|1\d|20)$/.test(key);
              if (!known.has(key) && !isTaskVariable) expect(Object.hasOwn(extra, key), `extra keeps ${key}`).toBe(true);
            }
          });
        }),
        { numRuns: RUNS / 3 },
      );
    });
  }

  it('an object answer (seat group settings) is typed for any JSON object, refused otherwise', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), serverRecord(SEAT_GROUP_SCHEMA)), (data) => {
        const result = normaliseObject(data, normaliseSeatGroupSettings, context);
        const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
        expect(result.ok).toBe(isObject);
        if (result.ok) expectTypedRecord(result.value as unknown as Record<string, unknown>, SEAT_GROUP_SCHEMA);
        else expect(result.error.code).toBe('bad-response');
      }),
      { numRuns: RUNS },
    );
  });

  it('an MMS send answer of any shape gives counts, messages and JSON extra', () => {
    const body = fc.oneof(
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 5 }),
      fc.record({ status: fc.constant('0'), success: fc.jsonValue(), fail: fc.jsonValue(), array: fc.jsonValue(), data: fc.jsonValue() }, { requiredKeys: [] }),
    );
    fc.assert(
      fc.property(body, (answer) => {
        const result = normaliseMmsSendResult(answer);
        for (const count of [result.accepted, result.rejected]) {
          expect(count === null || (typeof count === 'number' && Number.isFinite(count))).toBe(true);
        }
        for (const message of result.messages) {
          expect(message.msgId === null || typeof message.msgId === 'string').toBe(true);
          expect(message.number === null || typeof message.number === 'string').toBe(true);
        }
        expect(isJsonValue(result.extra)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
