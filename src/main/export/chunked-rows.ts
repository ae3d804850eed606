/**
 * An archive export's chunks on their way into the workbook, in order. A small export is
 * written in its own thread; from the second chunk on, workers are started (row-cells-pool.ts)
 * and, once they run, each chunk's cells are written by one of them while this thread
 * reads the next chunks and hands finished ones to the writer. Until they run, the chunks'
 * cells are written here, so starting them costs no time.
 */
import type { RecordChunk } from '../archive/record-columns';
import type { ExportField } from './cells';
import { encodeRows, type EncodedRows, RowCells } from './row-cells';
import type { RowCellsSpec } from './row-cells-messages';
import { RowCellsPool } from './row-cells-pool';
import type { TableWriter } from './table-writer';
import type { XlsxStreamWriter } from './xlsx-stream-writer';

/** Chunks whose cells are being written at once, beyond which reading waits (memory stays flat). */
const AHEAD_PER_WORKER = 3;

export interface OffThreadCells<Row> {
  writer: XlsxStreamWriter<Row>;
  fields: readonly ExportField<Row>[];
  spec: RowCellsSpec;
  /** Tests: a pool of their own (or none). */
  startPool?: (spec: RowCellsSpec) => RowCellsPool | null;
}

export class ChunkedRows<Row> {
  private readonly queued: Promise<EncodedRows>[] = [];
  private readonly cells: RowCells<Row> | null;
  private pool: RowCellsPool | null = null;
  private chunks = 0;

  constructor(
    private readonly writer: TableWriter<Row>,
    private readonly offThread: OffThreadCells<Row> | null,
  ) {
    this.cells = offThread ? new RowCells(offThread.fields) : null;
  }

  async write(chunk: RecordChunk<Row>): Promise<void> {
    const { offThread, cells } = this;
    if (offThread === null || cells === null) {
      await this.writer.writeRows(chunk.records());
      return;
    }
    this.chunks += 1;
    if (this.chunks === 2) this.pool = (offThread.startPool ?? RowCellsPool.start)(offThread.spec);
    if (this.pool?.ready) {
      const encoded = this.pool.encode(chunk.raw);
      // Awaited in its turn; should the export stop first, its refusal is not left unobserved.
      encoded.catch(() => {});
      this.queued.push(encoded);
    } else {
      this.queued.push(Promise.resolve(encodeRows(cells, chunk.records())));
    }
    while (this.queued.length > AHEAD_PER_WORKER * 2) await this.writeNext(offThread.writer);
  }

  /** Every chunk handed over is written. */
  async finish(): Promise<void> {
    if (this.offThread === null) return;
    while (this.queued.length > 0) await this.writeNext(this.offThread.writer);
  }

  /** Stops the workers (after finish, or when the export stops). */
  async close(): Promise<void> {
    this.queued.length = 0;
    await this.pool?.close();
    this.pool = null;
  }

  private async writeNext(writer: XlsxStreamWriter<Row>): Promise<void> {
    const next = this.queued.shift();
    if (next) await writer.writeEncodedRows(await next);
  }
}
