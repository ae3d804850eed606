/**
 * Figures checked on small hand-made inputs: peak concurrent calls (calls hand-placed so
 * they start as others end, carry in from before the window and span empty intervals)
 * and MMS per day from a hand-written send journal.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { createLogger } from '../../../src/main/log';
import { MmsHistory, MmsJournal } from '../../../src/main/mms';
import { computeOverview } from '../../../src/main/reports/compute-overview';
import { listOf } from '../../../src/shared/operations';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { emptyArchive, type TestArchive } from './sandbox-archive';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WINDOW_FROM = Date.parse('2026-11-10T10:00:00Z');
const WINDOW_TO = WINDOW_FROM + 2 * DAY;
const at = (hhmm: string, day = '2026-11-10'): string => `${day}T${hhmm}:00Z`;

/** [callTime or null, answerTime or null, hangupTime]; submitted a few seconds before it was called. */
const CALLS: readonly [string | null, string | null, string][] = [
  [at('09:50'), null, at('10:02')], // up when the window opens
  [at('10:00'), at('10:01'), at('10:20')],
  [at('10:05'), null, at('10:10')],
  [at('10:10'), null, at('10:30')], // starts as the one before ends: both up in no common minute
  [at('10:12'), null, at('10:13')],
  [null, at('10:14'), at('10:16')], // no callTime: up from its answer
  [at('11:00'), null, at('13:00')], // holds through intervals with nothing else
  [at('11:05'), null, at('11:05')], // never up
  [at('09:00', '2026-11-12'), null, at('11:00', '2026-11-12')], // runs past the window's end
];

describe('peak concurrent calls per interval', () => {
  let archive: TestArchive;
  beforeAll(async () => {
    archive = await emptyArchive();
    const zone = parseTimeZone('+00:00') as TimeZone;
    const rows = CALLS.map(([callTime, answerTime, hangupTime], index) =>
      listOf('voiceRecords').normalise(
        {
          voiceId: `call-${index}`,
          submitTime: new Date(Date.parse(callTime ?? answerTime ?? hangupTime) - 5000).toISOString(),
          callTime,
          answerTime,
          hangupTime,
          callStatus: 50,
        },
        { zone },
      ),
    );
    await archive.store.stage(archiveTableFor('voiceRecords'), rows, 0, Date.now());
    await archive.store.commit(archiveTableFor('voiceRecords'), null);
  });
  afterAll(() => archive.remove());

  it('is the most calls up during one minute of each interval, counted here minute by minute', async () => {
    const result = await computeOverview({ store: archive.store, profileId: 'p', timeZone: 'UTC', window: { fromMs: WINDOW_FROM, toMs: WINDOW_TO }, mmsSends: [] });
    if (!result.ok) throw new Error(result.error.message);
    const { concurrency } = result.value.voice;
    // Two days in at most 200 points: 15-minute intervals.
    expect(concurrency.intervalMinutes).toBe(15);
    expect(concurrency.points.length).toBe(192);

    const spans = CALLS.map(([callTime, answerTime, hangupTime]) => ({
      start: Date.parse(callTime ?? answerTime ?? hangupTime),
      end: Date.parse(hangupTime),
    }));
    const upDuring = (minute: number): number =>
      spans.filter((span) => span.end > span.start && span.start < minute + MINUTE && span.end > minute).length;
    const expected = concurrency.points.map((_, slot) => {
      const from = WINDOW_FROM + slot * 15 * MINUTE;
      return Math.max(...Array.from({ length: 15 }, (_, minute) => upDuring(from + minute * MINUTE)));
    });
    expect(concurrency.points.map((point) => point.peak)).toEqual(expected);
    expect(concurrency.points.slice(0, 2).map((point) => point.peak)).toEqual([3, 3]);
    expect(concurrency.peak).toBe(3);
    expect(concurrency.points[4].peak).toBe(1); // 11:00-11:15: only the two-hour call
    expect(concurrency.points[9].peak).toBe(1); // 12:15-12:30: nothing starts or ends, still up
    expect(concurrency.points[0].label).toBe('2026-11-10 10:00');
  });
});

describe('MMS per day from the send journal', () => {
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-report-mms-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('counts each day’s sends and their accepted, refused and unknown numbers, of this profile only', async () => {
    const day1 = Date.parse('2026-11-10T09:00:00+08:00');
    const day2 = Date.parse('2026-11-11T23:30:00+08:00');
    const plan = (sendId: string, profileId: string, atMs: number, batches: string[][]) => ({
      v: 1, kind: 'send', sendId, at: atMs, profileId, profileName: profileId, appId: 'app', mmsType: '1', mmsTitle: null, mmsFiles: null, content: 'hello', batches,
    });
    const claim = (sendId: string, batch: number, atMs: number, numbers: string[]) => ({
      v: 1, kind: 'batch', sendId, batch, attempt: 1, at: atMs, phase: 'about-to-send', appId: 'app', mmsType: '1', numbers, contentPreview: 'hello',
    });
    const answer = (sendId: string, batch: number, atMs: number, accepted: number, rejected: number) => ({
      v: 1, kind: 'batch', sendId, batch, attempt: 1, at: atMs, phase: 'answered', accepted, rejected, messages: [],
    });
    const lines = [
      plan('s1', 'p', day1, [['a', 'b', 'c'], ['d', 'e']]),
      claim('s1', 1, day1, ['a', 'b', 'c']),
      answer('s1', 1, day1, 2, 1),
      claim('s1', 2, day1, ['d', 'e']),
      { v: 1, kind: 'batch', sendId: 's1', batch: 2, attempt: 1, at: day1, phase: 'outcome-unknown', error: { code: 'timeout', message: 'no answer' } },
      plan('s2', 'p', day2, [['f', 'g', 'h', 'i']]),
      claim('s2', 1, day2, ['f', 'g', 'h', 'i']),
      answer('s2', 1, day2, 4, 0),
      plan('s3', 'other', day1, [['x']]),
      claim('s3', 1, day1, ['x']),
      answer('s3', 1, day1, 1, 0),
      plan('s4', 'p', day1 - 5 * DAY, [['y']]),
    ];
    const path = join(folder, 'mms-journal.jsonl');
    writeFileSync(path, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    const history = new MmsHistory(new MmsJournal(path), createLogger({ console: false }), { isAlive: () => false });

    const archive = await emptyArchive();
    try {
      const fromMs = Date.parse('2026-11-10T00:00:00+08:00');
      const result = await computeOverview({ store: archive.store, profileId: 'p', timeZone: 'Asia/Shanghai', window: { fromMs, toMs: fromMs + 3 * DAY }, mmsSends: history.list() });
      if (!result.ok) throw new Error(result.error.message);
      expect(result.value.mms.byDay.map(({ key, sends, accepted, refused, unknown }) => ({ key, sends, accepted, refused, unknown }))).toEqual([
        { key: '2026-11-10', sends: 1, accepted: 2, refused: 1, unknown: 2 },
        { key: '2026-11-11', sends: 1, accepted: 4, refused: 0, unknown: 0 },
        { key: '2026-11-12', sends: 0, accepted: 0, refused: 0, unknown: 0 },
      ]);
    } finally {
      await archive.remove();
    }
  });
});
