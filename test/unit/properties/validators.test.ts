/**
 * The request validators accept exactly the spec's domains and refuse everything
 * outside them: page sizes, record windows, MMS limits, labels and the enums.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkComposer, isSendable, type MmsDraft } from '../../../src/shared/mms/composer';
import { cleanRecipientText } from '../../../src/shared/mms/recipients';
import { validateProfileDraft } from '../../../src/shared/profiles';
import type { MmsSendRequest, SeatGroupEditRequest } from '../../../src/shared/requests';
import type { Result } from '../../../src/shared/result';
import { validateMmsSend, validateSeatGroupEdit } from '../../../src/shared/validation';
import { checkPageQuery, type CheckRules, LISTS, type SomeList, type UncheckedPageQuery } from '../../../src/shared/operations';

/** Each list's one validator: its descriptor's parser. */
const parserOf = (list: SomeList) => (request: UncheckedPageQuery, rules?: CheckRules) => checkPageQuery(list, request, rules);
const validateSeats = parserOf(LISTS.seats);
const validateTaskDetails = parserOf(LISTS.taskDetails);
const validateTeamLeaders = parserOf(LISTS.teamLeaders);
const validateVoiceRecords = parserOf(LISTS.voiceRecords);


const RUNS = 200;
const DAY = 24 * 60 * 60 * 1000;

/** Anything a form or a caller might pass. */
const anything = fc.oneof(
  fc.integer({ min: -20, max: 200 }),
  fc.double(),
  fc.jsonValue(),
  fc.constantFrom(undefined, null, '', '1', 1.5, -0, Number.NaN, Infinity, 2 ** 53, [1], {}),
);

function fieldsOf(result: Result<unknown>): Record<string, string> {
  return result.ok ? {} : (result.error.fields ?? {});
}

/** `epochMs` written as ISO 8601 with the given offset, e.g. 2026-05-01T08:00:00+08:00. */
function isoAt(epochMs: number, offsetMinutes: number): string {
  const wall = new Date(epochMs + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const offsets = fc.constantFrom(0, 480, -300, 330, 345, -720, 840, -570);

describe('paging (properties)', () => {
  it('accepts exactly whole page sizes 1..100 and pages from 1', () => {
    fc.assert(
      fc.property(anything, anything, (size, current) => {
        const fields = fieldsOf(validateSeats({ current, size, params: {} } as never));
        const sizeOk = typeof size === 'number' && Number.isInteger(size) && size >= 1 && size <= 100;
        const currentOk = typeof current === 'number' && Number.isSafeInteger(current) && current >= 1;
        expect('size' in fields).toBe(!sizeOk);
        expect('current' in fields).toBe(!currentOk);
      }),
      { numRuns: RUNS },
    );
  });

  it('a profile keeps a page size exactly when it is 1..100', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -10, max: 120 }), fc.double({ min: -10, max: 120 })), (pageSize) => {
        const errors = validateProfileDraft(
          { name: 'Work', baseUrl: 'https://api.example.com', apiKey: 'key', apiSecret: 'secret', defaultAppId: '', timeZone: '+08:00', pageSize },
          { creating: true },
        );
        expect('pageSize' in errors).toBe(!(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= 100));
        expect(Object.keys(errors).filter((key) => key !== 'pageSize')).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('record windows (properties)', () => {
  // Fixed clocks, with the earliest queryable instant worked out by hand: two calendar
  // months back, the day clamped to the shorter month.
  const clocks = [
    { now: Date.UTC(2026, 4, 15, 4, 0, 0), earliest: Date.UTC(2026, 2, 15, 4, 0, 0) },
    { now: Date.UTC(2026, 3, 30, 12, 30, 0), earliest: Date.UTC(2026, 1, 28, 12, 30, 0) },
    { now: Date.UTC(2027, 0, 31, 23, 59, 59), earliest: Date.UTC(2026, 10, 30, 23, 59, 59) },
  ];

  it('accepts a start no earlier than two months back and a span of at most 31 days, nothing else', () => {
    const window = fc.record({
      clock: fc.constantFrom(...clocks),
      // Seconds relative to the earliest instant, and a span in seconds.
      startFromEarliest: fc.oneof(fc.integer({ min: -5 * 86_400, max: 70 * 86_400 }), fc.constantFrom(-1, 0, 1)),
      span: fc.oneof(fc.integer({ min: -86_400, max: 40 * 86_400 }), fc.constantFrom(0, 31 * 86_400, 31 * 86_400 + 1, 31 * 86_400 - 1)),
      startOffset: offsets,
      endOffset: offsets,
    });
    fc.assert(
      fc.property(window, ({ clock, startFromEarliest, span, startOffset, endOffset }) => {
        const start = clock.earliest + startFromEarliest * 1000;
        const end = start + span * 1000;
        const result = validateVoiceRecords(
          { current: 1, size: 25, params: { strTime: isoAt(start, startOffset), endTime: isoAt(end, endOffset) } },
          { now: new Date(clock.now) },
        );
        const valid = start < end && end - start <= 31 * DAY && start >= clock.earliest;
        expect(result.ok).toBe(valid);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('refuses times without an offset or that are not real dates', () => {
    const bad = fc.oneof(
      fc.string(),
      fc.constantFrom('2026-05-01 08:00:00', '2026-05-01T08:00:00', '2026-02-30T00:00:00+08:00', '2026-05-01T24:00:00Z', '2026-13-01T00:00:00Z'),
    );
    fc.assert(
      fc.property(bad, (strTime) => {
        const result = validateVoiceRecords(
          { current: 1, size: 25, params: { strTime, endTime: '2026-05-10T00:00:00+08:00' } },
          { now: new Date(Date.UTC(2026, 4, 15)) },
        );
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/i.test(strTime.trim())) {
          expect(fieldsOf(result)['params.strTime']).toBeTypeOf('string');
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('MMS send (properties)', () => {
  const phone = (i: number): string => `+86${String(13_800_000_000 + i)}`;
  const base: MmsSendRequest = { appId: 'app', numbers: phone(0), content: 'Hello', mmsType: '1' };
  /** `length` characters mixing ASCII, accented and astral (emoji) code points. */
  const text = (length: number): string => [...'aé😀'.repeat(length)].slice(0, length).join('');

  it('accepts 1..1000 recipients and refuses more', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 1, max: 1100 }), fc.constantFrom(1, 1000, 1001)), fc.boolean(), (count, asList) => {
        const numbers = Array.from({ length: count }, (_, i) => phone(i));
        const result = validateMmsSend({ ...base, numbers: asList ? numbers : numbers.join(',') });
        expect(result.ok).toBe(count <= 1000);
      }),
      { numRuns: 60 },
    );
  });

  it('accepts content of 1..1024 characters (code points) and a subject of at most 80', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1100 }), fc.integer({ min: 0, max: 100 }), (contentLength, titleLength) => {
        const result = validateMmsSend({ ...base, content: text(contentLength), mmsTitle: text(titleLength) });
        const fields = fieldsOf(result);
        expect('content' in fields).toBe(contentLength === 0 || contentLength > 1024);
        expect('mmsTitle' in fields).toBe(titleLength > 80);
      }),
      { numRuns: RUNS },
    );
  });

  it('accepts at most 3 attachments and only the types 1 and 2', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.oneof(fc.constantFrom('1', '2'), anything), (files, mmsType) => {
        const ids = Array.from({ length: files }, (_, i) => `file${i}`).join(',');
        const fields = fieldsOf(validateMmsSend({ ...base, mmsFiles: ids, mmsType } as MmsSendRequest));
        expect('mmsFiles' in fields).toBe(files > 3);
        expect('mmsType' in fields).toBe(mmsType !== '1' && mmsType !== '2');
      }),
      { numRuns: RUNS },
    );
  });

  it('cleaned recipients are valid unique numbers, and a sendable composer sends only valid requests', () => {
    const entry = fc.oneof(
      fc.stringMatching(/^\+?\d{1,18}$/),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('+8613800000000', '8613800000000', 'abc', '12-34-56', '١٢٣٤٥٦٧'),
    );
    const pasted = fc.tuple(fc.array(entry, { maxLength: 30 }), fc.array(fc.constantFrom(',', ';', '\t', '\n', ', '), { minLength: 30, maxLength: 30 }));
    fc.assert(
      fc.property(pasted, fc.integer({ min: 0, max: 1100 }), fc.constantFrom<'1' | '2'>('1', '2'), ([entries, separators], contentLength, mmsType) => {
        const cleaned = cleanRecipientText(entries.map((e, i) => `${e}${separators[i]}`).join(''));
        for (const number of cleaned.valid) expect(number).toMatch(/^\+?\d{6,15}$/);
        const keys = cleaned.valid.map((n) => n.replace(/^\+/, ''));
        expect(new Set(keys).size).toBe(keys.length);
        expect(cleaned.counts.valid + cleaned.rejected.length).toBe(cleaned.counts.entered);

        const draft: MmsDraft = { appId: 'app', content: text(contentLength), mmsType, mmsTitle: '', mmsFiles: '' };
        const check = checkComposer(draft, cleaned);
        if (isSendable(check)) {
          for (const batch of check.batches) {
            expect(validateMmsSend({ ...base, numbers: batch.join(','), content: draft.content, mmsType }).ok).toBe(true);
          }
        } else {
          expect(Object.keys(check.fields).length).toBeGreaterThan(0);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('seat group edit (properties)', () => {
  const base: SeatGroupEditRequest = { voiceGroupId: 7, displaySwitch: 0, encryptNumber: 1 };
  const label = fc.stringMatching(/^[A-Za-z0-9À-ÿ一-龥 _-]{1,24}$/);

  it('accepts at most 10 non-blank labels of 1..20 characters, none with an edge space or looking like another, and refuses any other list', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(label, fc.constantFrom('', '   ', 'VIP')), { maxLength: 13 }), (labelName) => {
        const result = validateSeatGroupEdit({ ...base, labelName });
        const valid =
          labelName.length <= 10 &&
          new Set(labelName.map((l) => l.normalize('NFKC').toLowerCase())).size === labelName.length &&
          labelName.every((l) => l.trim() !== '' && l.trim() === l && l.length <= 20);
        expect(result.ok).toBe(valid);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('accepts exactly the enums: callinStrategy 1..4, fsNode, and the 0|1 switches', () => {
    const edit = fc.record({
      callinStrategy: fc.oneof(fc.integer({ min: -1, max: 6 }), anything),
      fsNode: fc.oneof(fc.constantFrom('SG_FS', 'USA_FS', 'UAE_FS', 'sg_fs', 'EU_FS', ''), anything),
      displaySwitch: fc.oneof(fc.constantFrom(0, 1, 2, -1), anything),
      encryptNumber: fc.oneof(fc.constantFrom(0, 1, 2), anything),
    });
    fc.assert(
      fc.property(edit, (values) => {
        const fields = fieldsOf(validateSeatGroupEdit({ ...base, ...values } as SeatGroupEditRequest));
        const absent = (v: unknown): boolean => v === undefined || v === null;
        expect('callinStrategy' in fields).toBe(!absent(values.callinStrategy) && ![1, 2, 3, 4].includes(values.callinStrategy as number));
        expect('fsNode' in fields).toBe(!absent(values.fsNode) && !['SG_FS', 'USA_FS', 'UAE_FS'].includes(values.fsNode as string));
        expect('displaySwitch' in fields).toBe(values.displaySwitch !== 0 && values.displaySwitch !== 1);
        expect('encryptNumber' in fields).toBe(values.encryptNumber !== 0 && values.encryptNumber !== 1);
      }),
      { numRuns: RUNS * 2 },
    );
  });
});

describe('list filters (properties)', () => {
  it('seat status 1..5 and enable 0|1 only', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1, max: 7 }), anything), fc.oneof(fc.constantFrom(0, 1, 2), anything), (status, enable) => {
        const fields = fieldsOf(validateSeats({ current: 1, size: 10, params: { status, enable } } as never));
        const absent = (v: unknown): boolean => v === undefined || v === null;
        expect('params.status' in fields).toBe(!absent(status) && ![1, 2, 3, 4, 5].includes(status as number));
        expect('params.enable' in fields).toBe(!absent(enable) && enable !== 0 && enable !== 1);
        const leaders = fieldsOf(validateTeamLeaders({ current: 1, size: 10, params: { enable } } as never));
        expect('params.enable' in leaders).toBe(!absent(enable) && enable !== 0 && enable !== 1);
      }),
      { numRuns: RUNS },
    );
  });

  it('task statusList is any list drawn from 1, 5, 7, 9 and nothing else', () => {
    const list = fc.oneof(
      fc.array(fc.constantFrom(1, 5, 7, 9), { maxLength: 6 }),
      fc.array(fc.oneof(fc.constantFrom(1, 5, 7, 9), fc.integer({ min: -2, max: 12 }), anything), { maxLength: 6 }),
      anything,
    );
    fc.assert(
      fc.property(list, (statusList) => {
        const fields = fieldsOf(validateTaskDetails({ current: 1, size: 10, params: { taskId: 3, statusList } } as never));
        const valid =
          statusList === undefined ||
          statusList === null ||
          (Array.isArray(statusList) && statusList.every((s) => [1, 5, 7, 9].includes(s as number)));
        expect('params.statusList' in fields).toBe(!valid);
      }),
      { numRuns: RUNS },
    );
  });
});
