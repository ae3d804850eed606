import { describe, expect, it } from 'vitest';
import type { AppError, Result } from '../../../src/shared/result';
import type { MmsSendRequest, SeatGroupEditRequest } from '../../../src/shared/requests';
import { validateMmsSend, validateSeatGroupEdit, validateSeatGroupRead } from '../../../src/shared/validation';
import { checkPageQuery, type CheckRules, LISTS, type SomeList, type UncheckedPageQuery } from '../../../src/shared/operations';

/** Each list's one validator: its descriptor's parser. */
const parserOf = (list: SomeList) => (request: UncheckedPageQuery, rules?: CheckRules) => checkPageQuery(list, request, rules);
const validateAxbBindings = parserOf(LISTS.axbBindings);
const validateNumberRecords = parserOf(LISTS.numberRecords);
const validateNumbers = parserOf(LISTS.numbers);
const validateSeats = parserOf(LISTS.seats);
const validateTaskDetails = parserOf(LISTS.taskDetails);
const validateTeamLeaders = parserOf(LISTS.teamLeaders);
const validateVoiceRecords = parserOf(LISTS.voiceRecords);


const NOW = new Date('2026-11-22T10:00:00Z');
const fieldsOf = <T>(result: Result<T>): Record<string, string> =>
  result.ok ? {} : (result.error.fields ?? {});
const errorOf = <T>(result: Result<T>): AppError => {
  if (result.ok) throw new Error('expected a validation failure');
  return result.error;
};

describe('paging', () => {
  it('takes size 1-100 and current from 1', () => {
    expect(validateNumbers({ current: 1, size: 1, params: {} }).ok).toBe(true);
    expect(validateNumbers({ current: 7, size: 100, params: {} }).ok).toBe(true);
    expect(Object.keys(fieldsOf(validateNumbers({ current: 0, size: 101, params: {} })))).toEqual([
      'current',
      'size',
    ]);
    expect(fieldsOf(validateAxbBindings({ current: 1.5, size: 0, params: {} }))).toEqual({
      current: 'Enter a page number of 1 or more.',
      size: 'Enter a page size from 1 to 100.',
    });
  });

  it('fails with code validation, a summary and field messages', () => {
    const error = errorOf(validateNumbers({ current: 0, size: 10, params: {} }));
    expect(error).toEqual({
      code: 'validation',
      message: 'Fix current: Enter a page number of 1 or more.',
      fields: { current: 'Enter a page number of 1 or more.' },
    });
    const several = errorOf(validateNumbers({ current: 0, size: 0, params: {} }));
    expect(several.message).toBe('Fix 2 fields before sending: current, size.');
  });

  it('requires params', () => {
    // The renderer may send anything over IPC.
    const request = JSON.parse('{"current":1,"size":10}');
    expect(fieldsOf(validateNumbers(request))).toEqual({ params: 'The filters (params) are required.' });
  });
});

describe('record windows (voice and number records)', () => {
  const window = (strTime: string, endTime: string) => ({
    current: 1,
    size: 100,
    params: { strTime, endTime },
  });

  it('accepts ISO 8601 with offset within 31 days and the last two months', () => {
    expect(
      validateVoiceRecords(window('2026-11-01T00:00:00+08:00', '2026-11-22T00:00:00+08:00'), { now: NOW }).ok,
    ).toBe(true);
    expect(
      validateNumberRecords(window('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'), { now: NOW }).ok,
    ).toBe(true);
  });

  it('uses the voice defaults for current and size', () => {
    expect(
      validateVoiceRecords(
        { params: { strTime: '2026-11-01T00:00:00Z', endTime: '2026-11-02T00:00:00Z' } },
        { now: NOW },
      ).ok,
    ).toBe(true);
  });

  it('requires both times with an offset', () => {
    expect(
      fieldsOf(
        validateVoiceRecords({ params: { strTime: '', endTime: '2026-11-02 00:00:00' } }, { now: NOW }),
      ),
    ).toEqual({
      'params.strTime': 'Enter the start time (use ISO 8601 with an offset, e.g. 2026-11-01T00:00:00+08:00).',
      'params.endTime':
        '"2026-11-02 00:00:00" is not a valid time with offset: use ISO 8601 with an offset, e.g. 2026-11-01T00:00:00+08:00.',
    });
    expect(
      fieldsOf(
        validateVoiceRecords(window('2026-11-01T00:00:00', '2026-11-02T00:00:00+08:00'), { now: NOW }),
      ),
    ).toHaveProperty('params.strTime');
  });

  it('requires the start before the end', () => {
    expect(
      fieldsOf(validateVoiceRecords(window('2026-11-02T00:00:00Z', '2026-11-02T00:00:00Z'), { now: NOW })),
    ).toEqual({
      'params.endTime': 'The end must be after the start.',
    });
  });

  it('allows at most 31 days', () => {
    expect(
      validateVoiceRecords(window('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'), { now: NOW }).ok,
    ).toBe(true);
    expect(
      fieldsOf(validateVoiceRecords(window('2026-10-01T00:00:00Z', '2026-11-01T00:00:01Z'), { now: NOW })),
    ).toEqual({
      'params.endTime': 'The period may be at most 31 days: move the end closer to the start.',
    });
  });

  it('refuses a voice-record start before the two-month history', () => {
    const fields = fieldsOf(
      validateVoiceRecords(window('2026-09-22T09:59:59Z', '2026-09-30T00:00:00Z'), { now: NOW }),
    );
    expect(fields['params.strTime']).toBe(
      'Only the last 2 months can be queried: start at 2026-09-22 10:00 (UTC) or later.',
    );
    expect(
      validateVoiceRecords(window('2026-09-22T10:00:00Z', '2026-09-30T00:00:00Z'), { now: NOW }).ok,
    ).toBe(true);
  });

  it('says the earliest start in the zone the start was written in, to the minute (rounded up)', () => {
    const now = new Date(Date.parse('2026-11-22T10:00:30.250Z'));
    const fields = fieldsOf(
      validateVoiceRecords(window('2026-09-01T00:00:00+08:00', '2026-09-30T00:00:00+08:00'), { now }),
    );
    expect(fields['params.strTime']).toBe(
      'Only the last 2 months can be queried: start at 2026-09-22 18:01 (+08:00) or later.',
    );
  });

  it('leaves the history of number records to the platform (the spec limits voice records only)', () => {
    expect(validateNumberRecords(window('2026-06-01T00:00:00Z', '2026-06-30T00:00:00Z'), { now: NOW }).ok).toBe(true);
  });

  it('refuses a filter the operation does not have, so it is never sent', () => {
    const request = { current: 1, size: 10, params: { strTime: '2026-11-01T00:00:00Z', endTime: '2026-11-02T00:00:00Z', appId: 'x' } };
    expect(fieldsOf(validateVoiceRecords(request, { now: NOW }))).toEqual({
      'params.appId': 'Voice records has no filter "appId": use strTime, endTime.',
    });
  });

  it('answers paging that is not a number with field messages, even an object that cannot become one', () => {
    const hostile = { current: 0, size: { toString: {} }, params: { strTime: '2026-11-01T00:00:00Z', endTime: '2026-11-02T00:00:00Z' } };
    expect(fieldsOf(validateVoiceRecords(hostile as never, { now: NOW }))).toEqual({
      current: 'Enter a page number of 1 or more.',
      size: 'Enter a page size from 1 to 100.',
    });
  });
});

describe('task details', () => {
  const task = (params: Record<string, unknown>) => ({
    current: 1,
    size: 10,
    params: { taskId: 1, ...params },
  });
  it('requires a positive whole task id (number or digits)', () => {
    expect(validateTaskDetails(task({ taskId: 12 })).ok).toBe(true);
    expect(validateTaskDetails(task({ taskId: '12' })).ok).toBe(true);
    for (const bad of [0, -1, 1.5, 'abc', '', null]) {
      expect(fieldsOf(validateTaskDetails(task({ taskId: bad }) as never)), String(bad)).toHaveProperty(
        'params.taskId',
      );
    }
  });
  it('checks the optional filters', () => {
    expect(
      validateTaskDetails(
        task({ statusList: [1, 5, 7, 9], seatId: [1, '2'], labelNames: ['a'], sipGroupId: 3 }),
      ).ok,
    ).toBe(true);
    const fields = fieldsOf(
      validateTaskDetails(task({ statusList: [2], seatId: [0], labelNames: [1], sipGroupId: -3 }) as never),
    );
    expect(Object.keys(fields).sort()).toEqual([
      'params.labelNames',
      'params.seatId',
      'params.sipGroupId',
      'params.statusList',
    ]);
    expect(fields['params.statusList']).toBe('Statuses may only be 1, 5, 7, 9.');
  });
  it('bounds every text filter before it is sent: its length and the characters it may hold', () => {
    const long = 'x'.repeat(201);
    const fields = fieldsOf(
      validateTaskDetails(task({ called: long, remark: 'a\u0000b', labelNames: ['ok', 'b\u0007'] }) as never),
    );
    expect(fields['params.called']).toBe('Keep this filter to 200 characters.');
    expect(fields['params.remark']).toMatch(/Character 2 is an invisible control character \(U\+0000\)/);
    expect(fields['params.labelNames']).toMatch(/Character 2 is an invisible control character \(U\+0007\)/);
    expect(fieldsOf(validateSeats({ current: 1, size: 10, params: { name: long } }))).toHaveProperty('params.name');
    expect(fieldsOf(validateTeamLeaders({ current: 1, size: 10, params: { name: '\ud800' } }))).toHaveProperty('params.name');
    expect(fieldsOf(validateNumbers({ current: 1, size: 10, params: { appId: long } }))).toHaveProperty('params.appId');
    expect(validateSeats({ current: 1, size: 10, params: { name: 'é'.repeat(200) } }).ok).toBe(true);
  });
  it('bounds every list filter at 1,000 entries, naming the field, before anything is sent', () => {
    const ids = (count: number): number[] => Array.from({ length: count }, (_, at) => at + 1);
    const fields = fieldsOf(
      validateTaskDetails(task({ seatId: ids(500_000), labelNames: ids(100_000).map(String), statusList: Array<number>(1001).fill(1) }) as never),
    );
    expect(fields).toEqual({
      'params.seatId': 'At most 1,000 entries: this list has 500,000. Filter by fewer, or leave it empty for all.',
      'params.labelNames': 'At most 1,000 entries: this list has 100,000. Filter by fewer, or leave it empty for all.',
      'params.statusList': 'At most 1,000 entries: this list has 1,001. Filter by fewer, or leave it empty for all.',
    });
    expect(fieldsOf(validateTeamLeaders({ current: 1, size: 10, params: { voiceGroupIdList: ids(200_000) } }))).toHaveProperty('params.voiceGroupIdList');
    expect(validateTaskDetails(task({ seatId: ids(1000), labelNames: ids(1000).map(String) })).ok).toBe(true);
  });
  it('refuses statuses nested thousands deep as a field error, not a stack overflow', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 10_000; level++) deep = [deep];
    expect(fieldsOf(validateTaskDetails(task({ statusList: [deep] }) as never))).toHaveProperty('params.statusList');
    expect(fieldsOf(validateTaskDetails(task({ statusList: ['1'] }) as never))).toHaveProperty('params.statusList');
  });
});

describe('seats and team leaders', () => {
  const seats = (params: Record<string, unknown>) => ({ current: 1, size: 10, params });
  it('takes status 1-5 and enable 0/1', () => {
    expect(validateSeats(seats({ status: 5, enable: 1, voiceGroupId: '101', name: 'Ana' })).ok).toBe(true);
    expect(fieldsOf(validateSeats(seats({ status: 6, enable: 2 })))).toEqual({
      'params.status': 'Choose a seat status from 1 to 5.',
      'params.enable': 'Choose 0 (enabled) or 1 (disabled).',
    });
    expect(fieldsOf(validateTeamLeaders(seats({ enable: 3, voiceGroupIdList: [1, 'x'] })))).toEqual({
      'params.enable': 'Choose 0 (enabled) or 1 (disabled).',
      'params.voiceGroupIdList': 'Entry 2 is not a valid seat group id: use whole numbers of 1 or more.',
    });
  });
  it('offers seats no time filter: the spec has none', () => {
    expect(fieldsOf(validateSeats(seats({ strTime: '2026-11-01 00:00:00', endTime: '2026-11-02 00:00:00' })))).toEqual({
      'params.strTime': 'Seats has no filter "strTime": use enable, name, voiceGroupId, status.',
      'params.endTime': 'Seats has no filter "endTime": use enable, name, voiceGroupId, status.',
    });
  });
});

describe('seat group read', () => {
  it('requires the seat group id', () => {
    expect(validateSeatGroupRead({ voiceGroupId: 101 }).ok).toBe(true);
    expect(fieldsOf(validateSeatGroupRead({ voiceGroupId: '' }))).toEqual({
      voiceGroupId: 'Enter the seat group id (a whole number of 1 or more).',
    });
  });
});

describe('seat group edit', () => {
  const edit = (patch: Partial<Record<keyof SeatGroupEditRequest, unknown>>) =>
    ({ voiceGroupId: 101, displaySwitch: 0, encryptNumber: 1, ...patch }) as SeatGroupEditRequest;

  it('needs the id, displaySwitch and encryptNumber as 0/1', () => {
    expect(validateSeatGroupEdit(edit({})).ok).toBe(true);
    expect(
      Object.keys(
        fieldsOf(
          validateSeatGroupEdit(
            edit({ voiceGroupId: undefined, displaySwitch: 2, encryptNumber: undefined }),
          ),
        ),
      ),
    ).toEqual(['voiceGroupId', 'displaySwitch', 'encryptNumber']);
  });

  it('checks the strategy, the node and the whole non-negative numbers', () => {
    expect(
      validateSeatGroupEdit(edit({ callinStrategy: 4, fsNode: 'UAE_FS', timeoutIdle: 0, wrapUpTime: null }))
        .ok,
    ).toBe(true);
    const fields = fieldsOf(
      validateSeatGroupEdit(
        edit({
          callinStrategy: 5,
          fsNode: 'EU_FS',
          timeoutTransferSec: -1,
          callinAutoAnswerSec: 1.5,
          timeoutWaitSec: '10',
        }),
      ),
    );
    expect(fields).toEqual({
      callinStrategy: 'Choose an inbound strategy from 1 to 4.',
      fsNode: 'Choose a node: SG_FS, USA_FS, UAE_FS.',
      timeoutTransferSec: 'Enter a whole number of seconds (0 or more), or leave it empty to clear it.',
      callinAutoAnswerSec: 'Enter a whole number of seconds (0 or more), or leave it empty to clear it.',
      timeoutWaitSec: 'Enter a whole number of seconds (0 or more), or leave it empty to clear it.',
    });
  });

  it('takes at most 10 unique labels of 1-20 characters', () => {
    expect(validateSeatGroupEdit(edit({ labelName: ['a'.repeat(20), 'b'] })).ok).toBe(true);
    expect(fieldsOf(validateSeatGroupEdit(edit({ labelName: ['ok', 'x'.repeat(21), 'ok', ' '] })))).toEqual({
      'labelName[1]': 'Label names may have at most 20 characters (this one has 21).',
      'labelName[2]': '"ok" is already in the list: label names must be unique.',
      'labelName[3]': 'Enter a label name, or remove the empty label.',
    });
    // A bridge caller's 200,000 labels: one answer naming the field, not one per label (megabytes back over the bridge).
    const flood = validateSeatGroupEdit(edit({ labelName: Array.from({ length: 200_000 }, () => 'x'.repeat(30)) }));
    expect(fieldsOf(flood)).toEqual({ labelName: 'At most 10 labels are allowed: remove 199,990.' });
    expect(flood.ok ? '' : flood.error.message.length).toBeLessThan(300);
    const eleven = Array.from({ length: 11 }, (_, i) => `label ${i}`);
    expect(fieldsOf(validateSeatGroupEdit(edit({ labelName: eleven })))).toEqual({
      labelName: 'At most 10 labels are allowed: remove 1.',
    });
  });
});

describe('MMS send', () => {
  const mms = (patch: Partial<Record<keyof MmsSendRequest, unknown>> = {}) =>
    ({ appId: 'app', numbers: '+8613800000001', content: 'Hello', mmsType: '1', ...patch }) as MmsSendRequest;

  it('accepts a valid message, numbers as text or list', () => {
    expect(validateMmsSend(mms()).ok).toBe(true);
    expect(
      validateMmsSend(mms({ numbers: ['+8613800000001', '13800000002'], mmsFiles: ['f1', 'f2', 'f3'] })).ok,
    ).toBe(true);
    expect(
      validateMmsSend(
        mms({ numbers: '13800000001, 13800000002,', mmsFiles: 'f1,f2', mmsTitle: 't'.repeat(80) }),
      ).ok,
    ).toBe(true);
  });

  it('requires appId, numbers, content and type', () => {
    expect(
      Object.keys(fieldsOf(validateMmsSend(mms({ appId: ' ', numbers: '', content: '', mmsType: '3' })))),
    ).toEqual(['appId', 'numbers', 'content', 'mmsType']);
  });

  it('takes 1 to 1000 recipients, each a phone number', () => {
    const numbers = Array.from({ length: 1000 }, (_, i) => `1380000${String(i).padStart(4, '0')}`);
    expect(validateMmsSend(mms({ numbers })).ok).toBe(true);
    expect(fieldsOf(validateMmsSend(mms({ numbers: [...numbers, '13911112222'] })))).toEqual({
      numbers: 'At most 1000 recipients per message: remove 1.',
    });
    expect(fieldsOf(validateMmsSend(mms({ numbers: '13800000001,,13800000002' })))).toEqual({
      numbers: 'Recipient 2 is empty: remove the extra comma.',
    });
    expect(fieldsOf(validateMmsSend(mms({ numbers: '13800000001;13800000002' })))).toHaveProperty('numbers');
  });

  it('takes 1 to 1024 characters of content', () => {
    expect(validateMmsSend(mms({ content: 'x'.repeat(1024) })).ok).toBe(true);
    expect(fieldsOf(validateMmsSend(mms({ content: 'x'.repeat(1025) })))).toEqual({
      content: 'The content may have at most 1024 characters (it has 1025).',
    });
  });

  it('limits type 2 content to one billed unit', () => {
    expect(validateMmsSend(mms({ mmsType: '2', content: 'a'.repeat(160) })).ok).toBe(true);
    expect(fieldsOf(validateMmsSend(mms({ mmsType: '2', content: 'a'.repeat(161) }))).content).toContain(
      'it uses 161 of the 160',
    );
    expect(validateMmsSend(mms({ mmsType: '2', content: '你'.repeat(70) })).ok).toBe(true);
    expect(fieldsOf(validateMmsSend(mms({ mmsType: '2', content: '你'.repeat(71) }))).content).toContain(
      'it uses 71 of the 70',
    );
    // Type 1 has no unit limit.
    expect(validateMmsSend(mms({ mmsType: '1', content: '你'.repeat(71) })).ok).toBe(true);
  });

  it('limits the subject to 80 characters and attachments to 3', () => {
    expect(fieldsOf(validateMmsSend(mms({ mmsTitle: 't'.repeat(81), mmsFiles: 'a,b,c,d' })))).toEqual({
      mmsTitle: 'The subject may have at most 80 characters (it has 81).',
      mmsFiles: 'At most 3 attachments per message: remove 1.',
    });
    expect(fieldsOf(validateMmsSend(mms({ mmsFiles: 'a,,b' })))).toEqual({
      mmsFiles: 'An attachment id is empty: remove the extra comma.',
    });
  });
});
