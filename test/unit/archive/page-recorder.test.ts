/** The recorder never lets the archive fall more than BACKLOG_MAX_ROWS behind the fetch that feeds it, nor claims more than the platform's clock. */
import { describe, expect, it } from 'vitest';
import type { Completes } from '../../../src/main/archive/archive-store';
import { BACKLOG_MAX_ROWS, PageRecorder, type RecordingStore } from '../../../src/main/archive/page-recorder';
import { formatIsoInZone } from '../../../src/shared/time-zone';
import { LISTS } from '../../../src/shared/operations';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

const PLUS8 = parseTimeZone('+08:00') as TimeZone;

/** A store whose staging writes finish only when the test says so. */
function heldStore(): { store: RecordingStore; staged: number[]; finishNext(): void } {
  const staged: number[] = [];
  const finishers: (() => void)[] = [];
  const store: RecordingStore = {
    stage: (_table, rows) => {
      staged.push(rows.length);
      return new Promise<void>((resolve) => finishers.push(resolve));
    },
    commit: () => Promise.resolve(),
  };
  return { store, staged, finishNext: () => finishers.shift()?.() };
}

const PAGE = 1_000;
const seatPage = (current: number) => ({
  // A filter, so no page completes a listing and the recorder only stages.
  request: { current, size: PAGE, params: { seatName: 'x' } },
  total: 1_000_000,
  rows: Array.from({ length: PAGE }, (_, i) =>
    LISTS.seats.toRow(LISTS.seats.normalise({ keyId: `${current}-${i}` }, { zone: PLUS8 })),
  ),
});

describe('page recorder', () => {
  it('answers at once while the backlog is within its bound, and holds the fetch once it is beyond', async () => {
    const { store, staged, finishNext } = heldStore();
    const recorder = new PageRecorder(store);
    const pagesWithinBound = BACKLOG_MAX_ROWS / PAGE;
    for (let page = 1; page <= pagesWithinBound; page++) await recorder.record('seats', seatPage(page));
    expect(recorder.backlog).toBe(BACKLOG_MAX_ROWS);

    let answered = false;
    const beyond = recorder.record('seats', seatPage(pagesWithinBound + 1)).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    expect(staged).toHaveLength(pagesWithinBound + 1);

    finishNext();
    await beyond;
    expect(answered).toBe(true);
    expect(recorder.backlog).toBe(BACKLOG_MAX_ROWS);
  });

  it("covers a listing no later than the platform's time as it answered: a computer clock two days ahead claims nothing not made yet", async () => {
    const commits: (Completes | null)[] = [];
    const store: RecordingStore = {
      stage: () => Promise.resolve(),
      commit: (_table, completes) => {
        commits.push(completes);
        return Promise.resolve();
      },
    };
    const platformNowMs = Date.parse('2026-11-28T08:00:00Z');
    const computerNowMs = platformNowMs + 2 * 24 * 3_600_000;
    const recorder = new PageRecorder(store, () => computerNowMs);
    // "Today" by the computer's clock: its window reaches two days past the platform's time.
    const params = { strTime: formatIsoInZone(platformNowMs - 3_600_000, PLUS8), endTime: formatIsoInZone(computerNowMs, PLUS8) };
    const row = LISTS.voiceRecords.toRow(LISTS.voiceRecords.normalise({ voiceId: 'v1', callTime: formatIsoInZone(platformNowMs - 60_000, PLUS8) }, { zone: PLUS8 }));
    await recorder.record('voiceRecords', { request: { current: 1, size: 100, params }, total: 1, rows: [row], platformNowMs });
    await recorder.flush();
    expect(commits).toEqual([{ coverage: { fromMs: platformNowMs - 3_600_000, toMs: platformNowMs, syncedAtMs: platformNowMs } }]);
  });
});
