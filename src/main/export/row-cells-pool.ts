/**
 * Worker threads that write the cells of a large archive export's rows, so that building the
 * sheet's XML (most of an export's time) runs beside reading the archive and compressing,
 * not after them. A chunk goes to a worker with room for it; its answer is the rows' cells
 * as UTF-8 bytes, handed back without a copy. The writer keeps the sheets, the row numbers
 * and the order (xlsx-stream-writer.ts `writeEncodedRows`).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerScript, type WorkerScript } from '../worker-script';
import type { EncodedRows } from './row-cells';
import { type DetachedRaw, readEncodedRows, type RowCellsSpec, type RowsToEncode } from './row-cells-messages';

const WORKER_MEMORY_MB = 256;
/**
 * Chunks a worker holds at most: one it writes and two waiting, so it never waits for the
 * next (measured on two cores: 1.5-1.6 s for 100,000 rows, against 1.7-1.9 s when a worker
 * took a chunk only when idle, and more when it took every chunk).
 */
const HELD_MAX = 3;
/**
 * How long a chunk waits for its worker's answer before the worker is taken to hang (a chunk
 * takes tens of milliseconds, three at most wait in turn): the workers are then stopped and
 * their chunks written in the export's own thread, so a hung worker never stalls an export.
 */
const ANSWER_MS = 15_000;

export function rowCellsWorkerScript(dir: string = __dirname): WorkerScript | null {
  return workerScript('export-rows-worker.js', 'row-cells-worker.ts', dir);
}

/**
 * One worker for each core beyond the export's own thread, at most two: the export's thread
 * reads and compresses meanwhile. None on one core, where a worker would only take turns with it.
 */
export function rowCellsWorkerCount(cores = availableParallelism()): number {
  return Math.max(0, Math.min(2, cores - 1));
}

interface Waiting {
  worker: number;
  timer: NodeJS.Timeout;
  resolve(rows: EncodedRows): void;
  reject(error: Error): void;
}

export class RowCellsPool {
  private readonly waiting = new Map<number, Waiting>();
  private next = 0;
  /** Per worker: whether it runs, and how many chunks it was handed and has not answered. */
  private readonly online: boolean[];
  private readonly busy: number[];
  private failure: Error | null = null;

  private constructor(
    private readonly workers: Worker[],
    private readonly answerMs: number,
  ) {
    this.online = workers.map(() => false);
    this.busy = workers.map(() => 0);
    for (const [i, worker] of workers.entries()) {
      worker.once('online', () => (this.online[i] = true));
      worker.on('message', (message: unknown) => this.answered(message));
      worker.on('error', (error: Error) => this.fail(error));
      worker.on('exit', () => this.fail(new Error('An export worker stopped.')));
    }
  }

  /**
   * Workers for `spec`'s cells, or null when their script is not there or a worker cannot be
   * made (no thread to be had): the rows are then written in this thread, and any worker
   * already made is stopped.
   */
  static start(spec: RowCellsSpec, count = rowCellsWorkerCount(), script: WorkerScript | null = rowCellsWorkerScript(), answerMs = ANSWER_MS): RowCellsPool | null {
    if (script === null || count < 1) return null;
    const workers: Worker[] = [];
    try {
      for (let i = 0; i < count; i++) {
        workers.push(new Worker(script.file, { workerData: spec, execArgv: script.execArgv, resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB } }));
      }
    } catch {
      for (const worker of workers) void worker.terminate();
      return null;
    }
    return new RowCellsPool(workers, answerMs);
  }

  /**
   * Whether a worker runs and has room for a chunk: fewer than HELD_MAX handed to it. A chunk
   * handed to a worker with more would wait while the export's own thread could write it.
   */
  get hasRoom(): boolean {
    return this.failure === null && this.workerWithRoom() >= 0;
  }

  /**
   * The cells of a chunk's rows, encoded by a worker with room (or the next in turn). The
   * values are cloned to the worker, not transferred: the caller keeps them, to write the
   * rows itself should the worker stop first.
   */
  encode(raw: DetachedRaw): Promise<EncodedRows> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    const withRoom = this.workerWithRoom();
    const worker = withRoom >= 0 ? withRoom : id % this.workers.length;
    const message: RowsToEncode = { id, raw };
    const answer = new Promise<EncodedRows>((resolve, reject) => {
      const timer = setTimeout(() => this.hung(), this.answerMs);
      timer.unref();
      this.waiting.set(id, { worker, timer, resolve, reject });
    });
    this.busy[worker] += 1;
    this.workers[worker].postMessage(message);
    return answer;
  }

  private workerWithRoom(): number {
    return this.workers.findIndex((_, i) => this.online[i] && this.busy[i] < HELD_MAX);
  }

  /** Stops the workers; anything still waiting is refused. */
  async close(): Promise<void> {
    this.fail(new Error('The export stopped.'));
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private answered(message: unknown): void {
    const encoded = readEncodedRows(message);
    const waiting = encoded === null ? undefined : this.waiting.get(encoded.id);
    if (encoded === null || waiting === undefined) {
      this.fail(new Error('An export worker answered something other than rows.'));
      return;
    }
    this.waiting.delete(encoded.id);
    clearTimeout(waiting.timer);
    this.busy[waiting.worker] -= 1;
    waiting.resolve({ bytes: encoded.bytes, ends: encoded.ends, truncated: encoded.truncated });
  }

  /** A chunk's answer is overdue: the workers are stopped, and what they hold is refused (to be written in the export's thread). */
  private hung(): void {
    this.fail(new Error('An export worker did not answer.'));
    for (const worker of this.workers) void worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(this.failure);
    }
    this.waiting.clear();
  }
}
