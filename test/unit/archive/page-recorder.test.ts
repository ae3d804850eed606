/** The recorder never lets the archive fall more than BACKLOG_MAX_ROWS behind the fetch that feeds it. */
import { describe, expect, it } from 'vitest';
import { BACKLOG_MAX_ROWS, PageRecorder, type RecordingStore } from '../../../src/main/archive/page-recorder';
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
});
