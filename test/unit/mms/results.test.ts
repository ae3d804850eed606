import { describe, expect, it } from 'vitest';
import { OUTCOME_LABELS, contentPreview } from '../../../src/shared/mms/records';
import { buildResultRows, neutraliseCell, resultTable, toCsv } from '../../../src/shared/mms/results';

describe('buildResultRows', () => {
  it('gives each number its msgId, or why it has none', () => {
    const rows = buildResultRows([
      {
        batch: 1,
        numbers: ['+123456', '234567'],
        status: 'sent',
        accepted: 1,
        messages: [{ msgId: 'm1', number: '123456' }],
        error: null,
      },
      { batch: 2, numbers: ['345678'], status: 'outcome-unknown', accepted: null, messages: [], error: { code: 'outcome-unknown', message: 'x' } },
      { batch: 3, numbers: ['456789'], status: 'failed', accepted: null, messages: [], error: { code: 'platform:-1', message: 'Auth failed' } },
      { batch: 4, numbers: ['567890'], status: 'not-sent', accepted: null, messages: [], error: null },
    ]);
    expect(rows.map((r) => [r.number, r.batch, r.outcome, r.msgId])).toEqual([
      ['+123456', 1, 'accepted', 'm1'],
      ['234567', 1, 'rejected', null],
      ['345678', 2, 'unknown', null],
      ['456789', 3, 'failed', null],
      ['567890', 4, 'not-sent', null],
    ]);
    expect(rows[3].detail).toBe('Auth failed');
    expect(rows[2].detail).toMatch(/check/);
  });
});

describe('CSV', () => {
  it('neutralises formula starts', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseCell(`${start}1`)).toBe(`'${start}1`);
    expect(neutraliseCell('123')).toBe('123');
  });

  it('writes RFC 4180 with a BOM and CRLF', () => {
    const csv = toCsv([
      ['a', 'b,c'],
      ['say "hi"', 'line\nbreak'],
      ['=SUM(A1)', '+123456'],
    ]);
    expect(csv).toBe('\uFEFFa,"b,c"\r\n"say ""hi""","line\nbreak"\r\n\'=SUM(A1),\'+123456\r\n');
  });

  it('lays out the results table', () => {
    const table = resultTable(
      [{ number: '123456', batch: 1, outcome: 'accepted', msgId: 'm1', detail: '' }],
      (row) => OUTCOME_LABELS[row.outcome],
    );
    expect(table).toEqual([
      ['Number', 'Batch', 'Result', 'Message id', 'Detail'],
      ['123456', '1', 'Accepted', 'm1', ''],
    ]);
  });
});

describe('contentPreview', () => {
  it('flattens and cuts long content', () => {
    expect(contentPreview('a\n b')).toBe('a b');
    expect(contentPreview('x'.repeat(100), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

describe('per-number results match numbers by their digits', () => {
  const sent = (numbers: string[], accepted: number | null, messages: { msgId: string | null; number: string | null }[]) =>
    buildResultRows([{ batch: 1, numbers, status: 'sent', accepted, messages, error: null }]);

  it('a +, spaces or a national prefix in the answer do not make an accepted number look rejected', () => {
    const rows = sent(['+447700900123', '8613800138000', '4915112345678'], 3, [
      { msgId: 'a', number: '07700900123' },
      { msgId: 'b', number: '+86 138 0013 8000' },
      { msgId: 'c', number: '4915112345678' },
    ]);
    expect(rows.map((r) => [r.outcome, r.msgId])).toEqual([
      ['accepted', 'a'],
      ['accepted', 'b'],
      ['accepted', 'c'],
    ]);
  });

  it('an answer with counts but no list says "per-number result not given", never "rejected"', () => {
    const rows = sent(['123456', '234567'], 2, []);
    expect(rows.map((r) => r.outcome)).toEqual(['not-given', 'not-given']);
    expect(rows[0].detail).toMatch(/^Accepted count 2; per-number result not given/);
  });

  it('when the count and the list disagree, the unlisted numbers are "not given"', () => {
    const rows = sent(['123456', '234567', '345678'], 3, [{ msgId: 'a', number: '123456' }]);
    expect(rows.map((r) => r.outcome)).toEqual(['accepted', 'not-given', 'not-given']);
  });

  it('a complete answer that leaves a number out rejects that number', () => {
    const rows = sent(['123456', '234567'], 1, [{ msgId: 'a', number: '+123456' }]);
    expect(rows.map((r) => r.outcome)).toEqual(['accepted', 'rejected']);
  });
});
