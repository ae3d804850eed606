import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resultsFileName, writeResultsFile } from '../../../src/main/mms/results-export';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const SHANGHAI = parseTimeZone('Asia/Shanghai') as TimeZone;
import { contentPreview, everyRecipientAccepted, type MmsSendDetail } from '../../../src/shared/mms/records';
import { buildResultRows } from '../../../src/shared/mms/results';
import { parseCsv, readWorkbook, scratchDir } from '../export/support';

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

describe('results files (the export writers)', () => {
  const dir = scratchDir();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const send: MmsSendDetail = {
    sendId: 's1',
    at: Date.UTC(2026, 10, 22, 8, 30),
    profileId: 'p1',
    profileName: 'Work',
    appId: 'app-9',
    mmsType: '1',
    mmsTitle: null,
    mmsFiles: null,
    contentPreview: 'Hi',
    content: 'Hi',
    recipients: 3,
    batches: [],
    status: 'completed',
    accepted: 1,
    rejected: 1,
    rows: [
      { number: '+123456', batch: 1, outcome: 'accepted', msgId: '007', detail: '' },
      { number: '0234567', batch: 1, outcome: 'rejected', msgId: null, detail: '=SUM(A1), "quoted"' },
      { number: '345678', batch: 2, outcome: 'unknown', msgId: null, detail: 'line\nbreak' },
    ],
  };

  it('writes CSV with the export encoder: BOM, CRLF, quoting and formulas neutralised', async () => {
    const path = join(dir, 'results.csv');
    await writeResultsFile(path, send, 'csv', { appVersion: '1.2.3', zone: SHANGHAI });
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('\uFEFF"Number","Batch","Result","Message id","Detail"\r\n')).toBe(true);
    expect(parseCsv(text.slice(1)).rows).toEqual([
      ['Number', 'Batch', 'Result', 'Message id', 'Detail'],
      ["'+123456", '1', 'Accepted', '007', ''],
      ['0234567', '1', 'Rejected', '', "'=SUM(A1), \"quoted\""],
      ['345678', '2', 'Outcome unknown', '', 'line\nbreak'],
    ]);
    expect(readdirSync(dir)).toEqual(['results.csv']);
  });

  it('writes a workbook with the streaming writer: text kept as text, and an About sheet', async () => {
    const path = join(dir, 'results.xlsx');
    await writeResultsFile(path, send, 'xlsx', { appVersion: '1.2.3', zone: SHANGHAI });
    const { names, sheets } = readWorkbook(path);
    expect(names).toEqual(['MMS results', 'About']);
    expect(sheets['MMS results'][1].slice(0, 4)).toEqual(['+123456', 1, 'Accepted', '007']);
    expect(sheets['MMS results'][2][0]).toBe('0234567');
    const about = new Map(sheets.About.map((row) => [row[0], row[1]]));
    expect(about.get('Operation')).toBe('MMS send results');
    expect(about.get('Profile')).toBe('Work');
    expect(about.get('Rows')).toBe(3);
    expect(about.get('App version')).toBe('1.2.3');
    // The send's time in its profile's zone, as the MMS screen shows it, and the zone named.
    expect(about.has('Sent at (Asia/Shanghai)')).toBe(true);
    expect(resultsFileName(send.at, 'xlsx', SHANGHAI)).toBe('mms-results-2026-11-22-16-30.xlsx');
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

describe('everyRecipientAccepted', () => {
  const send = { status: 'completed', recipients: 3, accepted: 3, rejected: 0 } as const;

  it('is true only when every batch went out and the platform accepted every number: then the form may be emptied', () => {
    expect(everyRecipientAccepted(send)).toBe(true);
    expect(everyRecipientAccepted({ ...send, accepted: 2, rejected: 1 })).toBe(false);
    expect(everyRecipientAccepted({ ...send, status: 'attention', accepted: 0 })).toBe(false);
    expect(everyRecipientAccepted({ ...send, status: 'sending', accepted: 0 })).toBe(false);
  });
});
