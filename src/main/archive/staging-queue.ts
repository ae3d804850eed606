/**
 * Fetched rows on their way into the archive without holding up the fetch: each page is
 * handed over and staged in the background, in order, and the fetch waits only while more
 * than `maxRows` rows are still waiting (a busy disk slows the fetch instead of filling
 * memory). The first write that fails fails the next hand-over and the drain.
 */
import type { ArchiveStore, ArchiveTable } from './archive-store';

/** Fifty pages: enough to ride out a merge at the platform's pace, little enough to keep a sync's memory flat. */
export const STAGING_BACKLOG_MAX_ROWS = 5_000;

export class StagingQueue<R> {
  private tail: Promise<void> = Promise.resolve();
  private backlog = 0;
  private failure: { error: unknown } | null = null;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly store: Pick<ArchiveStore, 'stage'>,
    private readonly table: ArchiveTable<R>,
    private readonly now: () => number,
    private readonly maxRows = STAGING_BACKLOG_MAX_ROWS,
  ) {}

  /** Hands rows over (their place in the listing from `firstPosition`); waits only while the backlog is over its bound. */
  async add(records: readonly R[], firstPosition: number): Promise<void> {
    this.throwIfFailed();
    const seenAtMs = this.now();
    this.backlog += records.length;
    this.tail = this.tail
      .then(() => (this.failure ? undefined : this.store.stage(this.table, records, firstPosition, seenAtMs)))
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => {
        this.backlog -= records.length;
        while (this.backlog <= this.maxRows && this.waiting.length > 0) this.waiting.shift()?.();
      });
    if (this.backlog > this.maxRows) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.throwIfFailed();
  }

  /** Waits until every row handed over is staged; throws what a write threw. */
  async drain(): Promise<void> {
    await this.tail;
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
