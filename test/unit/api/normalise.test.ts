import { describe, expect, it } from 'vitest';
import { parseJsonExact, quoteLossyNumbers } from '../../../src/main/api/json-text';
import {
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
  readAmount,
  readNumber,
  readText,
  readTimestamp,
} from '../../../src/shared/normalise';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const zoneOf = (name: string): TimeZone => {
  const zone = parseTimeZone(name);
  if (!zone) throw new Error(name);
  return zone;
};
const SHANGHAI = { zone: zoneOf('Asia/Shanghai') };
const PLUS8 = { zone: zoneOf('+08:00') };
const parse = (json: string): Record<string, unknown> => parseJsonExact(json) as Record<string, unknown>;

describe('ids and phone numbers stay text', () => {
  it('keeps leading zeros and +, and writes JSON numbers as their decimal text', () => {
    const record = normaliseAxbBinding(
      parse(
        '{"bindId": 300001, "phoneA": "+639959118851", "phoneB": "0917", "pnsNumberA": "013908620898", "pnsNumberB": 9171843608}',
      ),
      PLUS8,
    );
    expect(record).toMatchObject({
      bindId: '300001',
      phoneA: '+639959118851',
      phoneB: '0917',
      pnsNumberA: '013908620898',
      pnsNumberB: '9171843608',
    });
  });

  it('keeps ids beyond 2^53 exact', () => {
    const record = normaliseSeat(
      parse('{"keyId": 12345678901234567890, "voiceGroupId": 9007199254740993}'),
      PLUS8,
    );
    expect(record.keyId).toBe('12345678901234567890');
    expect(record.voiceGroupId).toBe('9007199254740993');
  });

  it('reads text fields from numbers and booleans, and nothing from objects', () => {
    expect(readText(42)).toBe('42');
    expect(readText(true)).toBe('true');
    expect(readText({})).toBeNull();
    expect(readText(null)).toBeNull();
  });
});

describe('amounts', () => {
  it('keep the exact decimal text beside the parsed number', () => {
    const record = normaliseVoiceRecord(
      parse(
        '{"cost": "0.012500", "rate": 0.0129, "baseCost": 1.50, "settleRate": "7.1", "quoteExchange": "1e-3", "settlePay": ""}',
      ),
      PLUS8,
    );
    expect(record.cost).toEqual({ text: '0.012500', value: 0.0125 });
    expect(record.rate).toEqual({ text: '0.0129', value: 0.0129 });
    expect(record.baseCost).toEqual({ text: '1.50', value: 1.5 });
    expect(record.settleRate).toEqual({ text: '7.1', value: 7.1 });
    expect(record.quoteExchange).toEqual({ text: '1e-3', value: 0.001 });
    expect(record.settlePay).toBeNull();
  });

  it('covers the number record amounts under their odd names', () => {
    const record = normaliseNumberCallRecord(
      parse(
        '{"pay": "0.30", "customerRate": 0.0114, "QuoteExchange": "7.25", "SeptleRate": "0.08", "SettlePay": "2.10"}',
      ),
      PLUS8,
    );
    expect(record.pay).toEqual({ text: '0.30', value: 0.3 });
    expect(record.customerRate).toEqual({ text: '0.0114', value: 0.0114 });
    expect(record.quoteExchange).toEqual({ text: '7.25', value: 7.25 });
    expect(record.settleRate).toEqual({ text: '0.08', value: 0.08 });
    expect(record.settlePay).toEqual({ text: '2.10', value: 2.1 });
    expect(record.extra).toEqual({});
  });

  it('keeps text that is not a number, without a value', () => {
    expect(readAmount('N/A')).toEqual({ text: 'N/A', value: null });
    expect(readAmount(null)).toBeNull();
  });

  it('quotes only lossy number literals before parsing', () => {
    expect(quoteLossyNumbers('{"a":1,"b":"1.50","c":2.5}')).toBe('{"a":1,"b":"1.50","c":2.5}');
    expect(quoteLossyNumbers('{"a":1.50,"b":[12345678901234567890, 3],"c":"x:1.50,"}')).toBe(
      '{"a":"1.50","b":["12345678901234567890", 3],"c":"x:1.50,"}',
    );
  });
});

describe('status-like integers', () => {
  it('read as numbers whether sent as numbers or text', () => {
    const seat = normaliseSeat(
      parse('{"status": "2", "enable": 0, "deleteFlag": "0", "priority": " 3 "}'),
      PLUS8,
    );
    expect(seat).toMatchObject({ status: 2, enable: 0, deleteFlag: 0, priority: 3 });
    expect(readNumber('abc')).toBeNull();
    expect(readNumber('')).toBeNull();
  });
});

describe('field aliases', () => {
  it('reads sipGroupId and seatGroupId as voiceGroupId and keeps one name', () => {
    const seat = normaliseSeat(parse('{"sipGroupId": 101}'), PLUS8);
    expect(seat.voiceGroupId).toBe('101');
    expect(seat.extra).toEqual({});
    expect('sipGroupId' in seat).toBe(false);
    const settings = normaliseSeatGroupSettings(
      parse('{"seatGroupId": 102, "labelName": ["a", null, "b"]}'),
      PLUS8,
    );
    expect(settings.voiceGroupId).toBe('102');
    expect(settings.labelName).toEqual(['a', 'b']);
    expect(normaliseSeat(parse('{"voiceGroupId": 7, "sipGroupId": 8}'), PLUS8).voiceGroupId).toBe('7');
  });
});

describe('timestamps', () => {
  it('read ISO 8601 with its own offset', () => {
    const record = normaliseVoiceRecord(
      parse('{"submitTime": "2026-11-22T17:57:56+08:00", "callTime": "2026-11-22T09:57:56Z"}'),
      PLUS8,
    );
    expect(record.submitTime).toEqual({
      text: '2026-11-22T17:57:56+08:00',
      epochMs: Date.parse('2026-11-22T09:57:56Z'),
    });
    expect(record.callTime?.epochMs).toBe(Date.parse('2026-11-22T09:57:56Z'));
  });

  it('read zone-less texts in the profile zone, IANA or fixed', () => {
    const text = '{"createTime": "2026-11-04 12:25:01", "updateTime": "2026-07-01 12:00:00"}';
    expect(normaliseSeat(parse(text), PLUS8).createTime?.epochMs).toBe(Date.parse('2026-11-04T04:25:01Z'));
    expect(normaliseSeat(parse(text), SHANGHAI).createTime?.epochMs).toBe(Date.parse('2026-11-04T04:25:01Z'));
    const newYork = { zone: zoneOf('America/New_York') };
    expect(normaliseSeat(parse(text), newYork).createTime?.epochMs).toBe(Date.parse('2026-11-04T17:25:01Z'));
    expect(normaliseSeat(parse(text), newYork).updateTime?.epochMs).toBe(Date.parse('2026-07-01T16:00:00Z'));
  });

  it('read epoch seconds and milliseconds, and keep unreadable text', () => {
    expect(readTimestamp(1795341476, PLUS8.zone)).toEqual({ text: '1795341476', epochMs: 1795341476000 });
    expect(readTimestamp('1795341476000', PLUS8.zone)?.epochMs).toBe(1795341476000);
    expect(readTimestamp('soon', PLUS8.zone)).toEqual({ text: 'soon', epochMs: null });
    expect(readTimestamp('', PLUS8.zone)).toBeNull();
    const binding = normaliseAxbBinding(parse('{"expireTime": "2026-12-05 09:31:22"}'), PLUS8);
    expect(binding.expireTime?.epochMs).toBe(Date.parse('2026-12-05T01:31:22Z'));
  });
});

describe('new and missing fields', () => {
  it('keeps fields the API adds later in extra', () => {
    const record = normaliseVoiceRecord(
      parse('{"voiceId": "v1", "newField": {"a": [1, "x"]}, "flag": true}'),
      PLUS8,
    );
    expect(record.voiceId).toBe('v1');
    expect(record.extra).toEqual({ newField: { a: [1, 'x'] }, flag: true });
  });

  it('turns missing fields into null (or an empty list) without failing', () => {
    for (const normalise of [
      normaliseVoiceRecord,
      normaliseNumberCallRecord,
      normaliseSeat,
      normaliseTeamLeader,
      normaliseNumber,
      normaliseAxbBinding,
      normaliseSeatGroupSettings,
      normaliseTaskDetail,
    ]) {
      const record = normalise({}, PLUS8) as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(record)) {
        if (key === 'extra' || key === 'variables') expect(value).toEqual({});
        else if (Array.isArray(value)) expect(value).toEqual([]);
        else expect(value, key).toBeNull();
      }
    }
  });

  it('puts task variables var01-var20 in variables, other fields in extra', () => {
    const row = normaliseTaskDetail(
      parse(
        '{"keyId": 1001, "callId": 300000001, "seatName": 123456789012, "var01": "Kenji", "var20": null, "var21": "x", "callCount": 0.5}',
      ),
      PLUS8,
    );
    expect(row).toMatchObject({
      keyId: '1001',
      callId: '300000001',
      seatName: '123456789012',
      callCount: 0.5,
    });
    expect(row.variables).toEqual({ var01: 'Kenji', var20: null });
    expect(row.extra).toEqual({ var21: 'x' });
  });

  it('reads team leader lists from lists or comma text', () => {
    const leader = normaliseTeamLeader(
      parse('{"voiceGroupIdList": [101, "102"], "voiceGroupNameList": "Sales, Support"}'),
      PLUS8,
    );
    expect(leader.voiceGroupIdList).toEqual(['101', '102']);
    expect(leader.voiceGroupNameList).toEqual(['Sales', 'Support']);
  });

  it('reads the number record with its declared types', () => {
    const record = normaliseNumber(
      parse('{"number": "09951128705", "state": "3", "dueDate": "2026-12-26", "autoRenew": 0}'),
      PLUS8,
    );
    expect(record).toMatchObject({ number: '09951128705', state: 3, dueDate: '2026-12-26', autoRenew: 0 });
  });
});

describe('pages and MMS results', () => {
  it('reads the paging envelope with counts as numbers or text', () => {
    const result = normalisePage(
      parse(
        '{"total": "2", "size": 100, "current": "1", "pages": 1, "searchCount": true, "records": [{"number": "1"}, {"number": "2"}]}',
      ),
      normaliseNumber,
      PLUS8,
    );
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value).toMatchObject({ total: 2, size: 100, current: 1, pages: 1, searchCount: true });
      expect(result.value.records.map((r) => r.number)).toEqual(['1', '2']);
    }
  });

  it('treats missing records with a total of 0 as an empty page, and computes pages', () => {
    const result = normalisePage({ total: 0 }, normaliseNumber, PLUS8);
    expect(result).toMatchObject({ ok: true, value: { total: 0, records: [], pages: 0 } });
    const computed = normalisePage({ total: 250, size: 100, records: [] }, normaliseNumber, PLUS8);
    expect(computed).toMatchObject({ ok: true, value: { pages: 3 } });
  });

  it('reports a shape mismatch precisely', () => {
    expect(normalisePage(null, normaliseNumber, PLUS8)).toMatchObject({
      ok: false,
      error: { code: 'bad-response', detail: 'data is null, not a page object' },
    });
    expect(normalisePage({ total: 1, records: {} }, normaliseNumber, PLUS8)).toMatchObject({
      ok: false,
      error: { detail: 'data.records is an object, not a list' },
    });
    expect(normalisePage({ total: 1, records: ['x'] }, normaliseNumber, PLUS8)).toMatchObject({
      ok: false,
      error: { detail: 'data.records[0] is the text "x", not a record' },
    });
    expect(normaliseObject([], normaliseSeatGroupSettings, PLUS8)).toMatchObject({
      ok: false,
      error: { detail: 'data is a list, not an object' },
    });
  });

  it('reads the MMS send result beside status, or inside data', () => {
    const top = normaliseMmsSendResult(
      parse(
        '{"status": "0", "reason": "success", "success": "2", "fail": "1", "array": [{"msgId": 991, "number": "+8613800000001"}], "batchId": "b1"}',
      ),
    );
    expect(top).toEqual({
      accepted: 2,
      rejected: 1,
      messages: [{ msgId: '991', number: '+8613800000001' }],
      extra: { batchId: 'b1' },
    });
    const nested = normaliseMmsSendResult(
      parse('{"status": 0, "data": {"success": 1, "fail": 0, "array": []}}'),
    );
    expect(nested).toEqual({ accepted: 1, rejected: 0, messages: [], extra: {} });
    expect(normaliseMmsSendResult({ status: '0' })).toEqual({
      accepted: null,
      rejected: null,
      messages: [],
      extra: {},
    });
  });
});

describe('quoteLossyNumbers on any JSON', () => {
  it('leaves JSON.stringify output alone (its numbers round-trip) and skips strings', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(quoteLossyNumbers(text)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the exact text of lossy literals anywhere in the document', () => {
    const text = '{"a":[1.10,{"b":-0.000}],"s":"1.10 \\" 99999999999999999999","big":99999999999999999999}';
    expect(parseJsonExact(text)).toEqual({
      a: ['1.10', { b: '-0.000' }],
      s: '1.10 " 99999999999999999999',
      big: '99999999999999999999',
    });
  });
});
