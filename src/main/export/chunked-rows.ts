/**
 * An archive export's chunks on their way into the workbook, in order. Workers are started
 * with the export (row-cells-pool.ts), while the engine runs its query; once one runs and has
 * room, a chunk's cells are written by it, and otherwise in this thread, which also reads the
 * next chunks and hands finished ones to the writer. So the cores share the work, starting
 * the workers costs no wait, and an export too small to need them is written as it would be.
 */
import { type RawRecords, type RecordChunk, type RecordColumns, recordColumnsOf } from '../archive/record-columns';
import { archiveTableFor } from '../archive/tables';
import type { ExportField } from './cells';
import { encodeRows, type EncodedRows, RowCells } from './row-cells';
import { detachedRaw, type RowCellsSpec } from './row-cells-messages';
import { RowCellsPool } from './row-cells-pool';
import type { TableWriter } from './table-writer';
import type { XlsxStreamWriter } from './xlsx-stream-writer';

/** Chunks written or being written and not yet handed to the writer, beyond which reading waits (memory stays flat). */
const QUEUED_MAX = 6;

export interface OffThreadCells<Row> {
  writer: XlsxStreamWriter<Row>;
  fields: readonly ExportField<Row>[];
  spec: RowCellsSpec;
  /** Starts the workers (default RowCellsPool.start); null: there are none, the rows are written here. */
  startPool?: (spec: RowCellsSpec) => RowCellsPool | null;
}

export class ChunkedRows<Row> {
  private readonly queued: Promise<EncodedRows>[] = [];
  private readonly cells: RowCells<Row> | null;
  /** How a chunk handed to a worker is read here, should the worker stop first (the worker's own decoder). */
  private readonly decoder: RecordColumns | null;
  private pool: RowCellsPool | null;
  /** The workers' stopping, once begun: a second close waits for it too. */
  private closing: Promise<void> | null = null;

  constructor(
    private readonly writer: TableWriter<Row>,
    private readonly offThread: OffThreadCells<Row> | null,
  ) {
    this.cells = offThread ? new RowCells(offThread.fields) : null;
    this.decoder = offThread ? recordColumnsOf(archiveTableFor(offThread.spec.operation).layout) : null;
    this.pool = offThread ? (offThread.startPool ?? RowCellsPool.start)(offThread.spec) : null;
  }

  async write(chunk: RecordChunk<Row>): Promise<void> {
    const { offThread, cells } = this;
    if (offThread === null || cells === null) {
      await this.writer.writeRows(chunk.records());
      return;
    }
    if (this.pool?.hasRoom) {
      // The chunk's values in this thread's own memory (the engine's may be reused): a worker
      // that stops before it answers only saves no time, its chunks are written here instead.
      const raw = detachedRaw(chunk.raw);
      const encoded = this.pool.encode(raw).catch((error: unknown) => this.encodeHere(raw, error));
      // Awaited in its turn; should the export stop first, its refusal is not left unobserved.
      encoded.catch(() => {});
      this.queued.push(encoded);
    } else {
      this.queued.push(Promise.resolve(encodeRows(cells, chunk.records())));
    }
    while (this.queued.length > QUEUED_MAX) await this.writeNext(offThread.writer);
  }

  /** Every chunk handed over is written. */
  async finish(): Promise<void> {
    if (this.offThread === null) return;
    while (this.queued.length > 0) await this.writeNext(this.offThread.writer);
  }

  /** Stops the workers (after finish, or when the export stops). */
  async close(): Promise<void> {
    this.queued.length = 0;
    const pool = this.pool;
    // Gone first: the chunks the workers are refused are not written here after all.
    this.pool = null;
    this.closing ??= pool ? pool.close() : null;
    await this.closing;
  }

  /** A chunk a worker did not answer, written here; none once the export stops. */
  private encodeHere(raw: RawRecords, error: unknown): EncodedRows {
    if (this.pool === null || this.cells === null || this.decoder === null) throw error;
    return encodeRows(this.cells, this.decoder.records<Row>(raw));
  }

  private async writeNext(writer: XlsxStreamWriter<Row>): Promise<void> {
    const next = this.queued.shift();
    if (next) await writer.writeEncodedRows(await next);
  }
}
