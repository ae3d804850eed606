/**
 * Whether the data held still while a fetch-all paged through it: the total changing, a
 * page of the wrong length, or an id seen on the previous page. A repeated row is never
 * delivered twice; a row two neighbouring windows share at their boundary is expected.
 */
import type { Page } from '../../shared/records';
import { m } from '../../shared/i18n';
import type { AppError } from '../../shared/result';
import type { PageTask } from './fetch-plan';

export type FetchDrift =
  | { kind: 'total-changed'; window: number; page: number; expected: number; actual: number }
  | { kind: 'page-length'; window: number; page: number; expected: number; actual: number }
  | { kind: 'duplicate'; window: number; page: number; id: string };

/** Drift entries kept for the summary; more are counted as moved but not listed. */
export const MAX_DRIFT_ENTRIES = 100;

export class DriftCheck<R> {
  /** What changed (at most 100 kept). */
  readonly drift: FetchDrift[] = [];
  /** With 'fail': why the fetch must stop; null while the data holds still. */
  failure: AppError | null = null;
  boundaryDuplicatesSkipped = 0;
  private readonly totals: number[];
  private readonly moved = new Set<number>();
  private previousIds = new Set<string>();
  private previousWindow = -1;

  constructor(
    private readonly idOf: (row: R) => string | null,
    /** Each window's total from its first page (by window index; a reading of some windows leaves the others empty). */
    totals: readonly number[],
    private readonly onDrift: 'warn' | 'fail',
  ) {
    this.totals = [...totals];
  }

  /** The rows of a page, in its turn, without those already delivered. */
  fresh(task: PageTask, page: Page<R>): R[] {
    const expectedTotal = this.totals[task.window];
    if (page.total !== expectedTotal) {
      this.note(
        { kind: 'total-changed', window: task.position, page: task.page, expected: expectedTotal, actual: page.total },
        m.export_drift_count_moved({ from: String(expectedTotal), to: String(page.total) }),
        task.window,
      );
      this.totals[task.window] = page.total;
    }
    if (page.records.length !== task.expectedRows) {
      this.note(
        { kind: 'page-length', window: task.position, page: task.page, expected: task.expectedRows, actual: page.records.length },
        m.export_drift_page_length({ page: String(task.page), rows: String(page.records.length), expected: String(task.expectedRows) }),
        task.window,
      );
    }
    const crossesWindow = this.previousWindow !== -1 && this.previousWindow !== task.window;
    const ids = new Set<string>();
    const fresh: R[] = [];
    for (const record of page.records) {
      const id = this.idOf(record);
      if (id !== null && (ids.has(id) || this.previousIds.has(id))) {
        if (crossesWindow && this.previousIds.has(id) && task.page === 1) this.boundaryDuplicatesSkipped += 1;
        else this.note({ kind: 'duplicate', window: task.position, page: task.page, id }, m.export_drift_row_twice({ id }), task.window);
        continue;
      }
      if (id !== null) ids.add(id);
      fresh.push(record);
    }
    this.previousIds = ids;
    this.previousWindow = task.window;
    return fresh;
  }

  /** The windows (source indices, oldest first) whose rows moved while they were read: a row may have slipped between two pages. */
  movedWindows(): number[] {
    return [...this.moved].sort((a, b) => a - b);
  }

  private note(entry: FetchDrift, message: string, window: number): void {
    this.moved.add(window);
    if (this.drift.length < MAX_DRIFT_ENTRIES) this.drift.push(entry);
    if (this.onDrift === 'fail' && this.failure === null) {
      this.failure = { code: 'drift', message: m.export_drift_failure({ what: message }) };
    }
  }
}
