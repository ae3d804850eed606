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
        messages: [{ msgId: 'm1', number: '123456' }],
        error: null,
      },
      { batch: 2, numbers: ['345678'], status: 'outcome-unknown', messages: [], error: { code: 'outcome-unknown', message: 'x' } },
      { batch: 3, numbers: ['456789'], status: 'failed', messages: [], error: { code: 'platform:-1', message: 'Auth failed' } },
      { batch: 4, numbers: ['567890'], status: 'not-sent', messages: [], error: null },
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
