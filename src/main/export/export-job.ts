/**
 * One export: the current page or every matching record (fetch-all, the same engine
 * as the views, or the archive), only the rows and columns the table shows, in its order,
 * streamed to a .xlsx or .csv file. The file is written under a
 * temporary name beside the target and renamed only when complete, so a cancel, a
 * failure or a crash never leaves part of a file under the real name.
 */
import { rename, rm } from 'node:fs/promises';
import { refusedClaimOf, reservePath, type Reservation } from './reservation';
import { fileNotWritten } from './file-not-written';
import type { PlatformClient } from '../api';
import type { Column } from '../../shared/columns';
import type { CheckedQuery, CheckedRequest, ListDescriptor } from '../../shared/operations';
import { fail, ok, type Result } from '../../shared/result';
import { parseTimeZone, type TimeZone } from '../../shared/time-zone';
import { currentLocale, formatNumber, m } from '../../shared/i18n';
import { say, type Said } from '../../shared/i18n/said';
import type { ArchiveRows } from '../archive/archive-export';
import type { RecordChunk } from '../archive/record-columns';
import type { WorkerScript } from '../worker-script';
import { ChunkedRows } from './chunked-rows';
import { RowCellsPool } from './row-cells-pool';
import type { ExportHeaders } from '../../shared/methods/export';
import { fetchAll, type FetchProgress } from '../jobs/fetch-all';
import { computeProgress } from '../jobs/fetch-progress';
import { describeDrift } from '../jobs/drift-warnings';
import { excelSerial, type ExportField, exportFields, wallClock } from './cells';
import { CsvWriter } from './csv-writer';
import type { ExportFormat } from './file-name';
import type { AboutRow, TableWriter, Written } from './table-writer';
import { rowSummaryFor } from './summary';
import { XlsxStreamWriter, type XlsxWriterOptions } from './xlsx-stream-writer';

export interface ExportAbout {
  profileName: string;
  appVersion: string;
}

export interface ExportJobOptions<P extends object, R, Row, D> {
  client: PlatformClient;
  /** The list's descriptor: its columns, its title, how its pages are fetched. */
  list: ListDescriptor<P, R, Row, D>;
  /** What is exported, as the operation's parser accepted it: one page, or every record of a query. */
  selection: ExportSelection<P, R>;
  format: ExportFormat;
  path: string;
  /** The target claimed already (browser mode picks a free name and claims it at once); else runExport claims `path`. */
  reservation?: Reservation;
  /**
   * Zone the date-times are written in: an IANA name or `+08:00`. The zone the platform's
   * offset-less times were read in is the client's (shared/platform-zone.ts).
   */
  timeZone: string;
  /**
   * Where the rows come from instead of the platform (the archive, already filtered and in
   * the table's order): hands them over in order and says whether it got them all.
   */
  rows?: (onRows: (rows: readonly Row[]) => Promise<void>, signal: AbortSignal) => Promise<Result<unknown>>;
  /** Every row of an archive query (in the table's order): a large one's cells are written by workers. */
  archive?: ArchiveRows<Row>;
  /** The script of those workers; default the bundled one beside the running code (or its source, through tsx). */
  cellsWorker?: WorkerScript;
  /** The columns written, in order (the table's); default every column of the list. */
  columns?: readonly Column<Row>[];
  /** The header row: the interface language's names (default), English ones, or the platform's field names. */
  headers?: ExportHeaders;
  /** Of the platform's rows, only those the table shows (its search and column filters); default all. */
  keep?: ((row: Row) => boolean) | null;
  /** The platform's page in the table's order (its sort); default as listed. */
  arrangePage?: (rows: readonly Row[]) => readonly Row[];
  /** The query in words for the About sheet (see query-words.ts); default the scope and the filters as sent. */
  words?: AboutRow[];
  /** Pages requested at once for scope 'all' (1-16, default 6). */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: FetchProgress) => void;
  /**
   * A workbook of the Summary and About sheets only: the rows are counted, not written
   * (`switchboard report` without --rows). Only for lists with a summary, to .xlsx.
   */
  summaryOnly?: boolean;
  /** For the About sheet. Never a key or a secret. */
  about: ExportAbout;
  /** Tests: a lower rows-per-sheet limit, fflate's deflate... */
  xlsx?: Partial<XlsxWriterOptions>;
  now?: () => number;
}

export type ExportSelection<P, R> =
  | { scope: 'page'; request: CheckedRequest<P, R> }
  | { scope: 'all'; query: CheckedQuery<P, R> };

export interface ExportOutcome {
  rows: number;
  elapsedMs: number;
  /** Drift while fetching, cells cut to Excel's limit. */
  warnings: string[];
  /** The same as messages of the catalog, for a job to send as such. */
  warningsSaid: Said[];
  /** Record sheets in the workbook (empty for CSV). */
  sheets: string[];
}

/** What the About sheet says of the header row. */
export function headersText(headers: ExportHeaders): string {
  return { interface: m.export_headers_interface, english: m.export_headers_english, fields: m.export_headers_fields }[headers]();
}

/** "strTime: …; endTime: …" for the About sheet. */
export function describeParams(params: object): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) parts.push(`${key}: ${value.join(', ')}`);
    } else parts.push(`${key}: ${String(value)}`);
  }
  return parts.length > 0 ? parts.join('; ') : m.export_none_parenthesised();
}

/**
 * A CSV has no About sheet: its date-time headers name the zone they are written in, e.g.
 * "Started (+08:00)"; field names stay bare (the file's name says the zone).
 */
function zoneInHeader<R>(field: ExportField<R>, zone: TimeZone, headers: ExportHeaders): ExportField<R> {
  if (field.format !== 'datetime' || headers === 'fields') return field;
  const options = headers === 'english' ? { locale: 'en' as const } : {};
  return { ...field, header: m.export_header_zone({ header: field.header, zone: zone.name }, options) };
}

export async function runExport<P extends object, R, Row, D>(options: ExportJobOptions<P, R, Row, D>): Promise<Result<ExportOutcome>> {
  const startedMs = performance.now();
  const now = options.now ?? Date.now;
  let temporary: string;
  try {
    temporary = (options.reservation ?? reservePath(options.path)).partial;
  } catch (error) {
    return { ok: false, error: refusedClaimOf(error, options.path) ?? fileNotWritten(error, options.path) };
  }
  const release = (): Promise<void> => rm(temporary, { force: true }).catch(() => {});
  const zone: TimeZone | null = parseTimeZone(options.timeZone);
  if (zone === null) {
    await release();
    return { ok: false, error: { code: 'validation', message: m.export_not_a_zone({ zone: options.timeZone }), fields: { timeZone: m.export_zone_hint() } } };
  }
  const { list, signal } = options;
  const title = list.endpoint.title();
  const headers = options.headers ?? 'interface';
  if (signal?.aborted) {
    await release();
    return fail('cancelled', m.export_cancelled());
  }

  // Record lists get a Summary sheet in a workbook; a CSV stays the raw rows.
  const exportedParams = options.selection.scope === 'all' ? options.selection.query.params : options.selection.request.params;
  const summary = options.format === 'xlsx' ? rowSummaryFor(list, exportedParams, zone) : null;
  if (options.summaryOnly && summary === null) {
    await release();
    return fail('validation', m.export_no_summary({ title }));
  }
  const columns = options.columns ?? list.columns;
  const fields = exportFields(columns, zone, headers);
  const platformZone = options.client.timeZone;
  const xlsx =
    options.format === 'xlsx'
      ? new XlsxStreamWriter(temporary, fields, {
          sheetName: title,
          ...(summary ? { summary: () => summary.sheet(), recordSheets: !options.summaryOnly } : {}),
          ...options.xlsx,
        })
      : null;
  const writer: TableWriter<Row> = xlsx ?? new CsvWriter(temporary, fields.map((field) => zoneInHeader(field, zone, headers)));
  const archive = options.archive;
  const chunked = new ChunkedRows(
    writer,
    xlsx && archive && !options.summaryOnly
      ? {
          writer: xlsx,
          fields,
          spec: { operation: archive.operation, columns: columns.map((column) => column.key), timeZone: options.timeZone, locale: currentLocale() },
          startPool: (spec) => RowCellsPool.start(spec, undefined, options.cellsWorker),
        }
      : null,
  );

  // Stops the fetch when the file cannot be written, or when the user cancels.
  const stop = new AbortController();
  let writeFailure: unknown = null;
  const onAbort = (): void => {
    stop.abort();
    writer.abort().catch(() => {
      // The temporary file is removed below whatever happened while closing it.
    });
    // Chunks a worker still holds are refused, so the export need not wait for their answers.
    chunked.close().catch(() => {});
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const { keep } = options;
  /** Writing that fails stops the fetch; nothing more is written after a failure or a cancel. */
  const attempt = async (work: () => Promise<void>): Promise<void> => {
    if (writeFailure !== null || stop.signal.aborted) return;
    try {
      await work();
    } catch (error) {
      writeFailure ??= error;
      stop.abort();
    }
  };
  const write = (fetched: readonly Row[]): Promise<void> =>
    attempt(async () => {
      const rows = keep ? fetched.filter(keep) : fetched;
      summary?.add(rows);
      await writer.writeRows(rows);
    });
  const writeChunk = (chunk: RecordChunk<Row>): Promise<void> =>
    attempt(async () => {
      summary?.add(chunk.records());
      await chunked.write(chunk);
    });

  const discard = async (): Promise<void> => {
    await chunked.close();
    await writer.abort().catch(() => {});
    await release();
  };

  try {
    let warnings: Said[] = [];
    let fetched: Result<unknown>;
    const { selection } = options;
    if (archive) {
      fetched = await archive.each(writeChunk, stop.signal);
      if (fetched.ok) await attempt(() => chunked.finish());
      await chunked.close();
    } else if (options.rows) {
      fetched = await options.rows(write, stop.signal);
    } else if (selection.scope === 'page') {
      const page = await options.client.page(list, selection.request, { signal: stop.signal });
      if (page.ok) {
        const listed = page.value.records.map((record) => list.toRow(record));
        await write(options.arrangePage ? options.arrangePage(listed) : listed);
        const rows = listed.length;
        options.onProgress?.(
          computeProgress({ pagesDone: 1, totalPages: 1, rows, totalRows: rows, concurrency: 1 }, performance.now() - startedMs),
        );
      }
      fetched = page;
    } else {
      const result = await fetchAll(options.client, list, selection.query, {
        signal: stop.signal,
        concurrency: options.concurrency,
        onProgress: options.onProgress,
        onRows: write,
      });
      if (result.ok) warnings = describeDrift(result.value);
      fetched = result;
    }

    if (signal?.aborted) {
      await discard();
      return fail('cancelled', m.export_cancelled_no_file());
    }
    if (writeFailure !== null) {
      await discard();
      return { ok: false, error: fileNotWritten(writeFailure, options.path) };
    }
    if (!fetched.ok) {
      await discard();
      return fetched;
    }

    const exportedAt = now();
    // Cells cut to Excel's limit are said on the About sheet too: the file says so wherever it is opened.
    const cutWarning = (count: number): Said[] => (count > 0 ? [{ key: 'export_cells_cut', params: { count: formatNumber(count) } }] : []);
    const aboutRows = ({ rows, sheets, truncatedCells }: Written): AboutRow[] => [
      { label: m.export_about_operation(), value: title },
      ...(options.words ?? [
        {
          label: m.export_about_scope(),
          value:
            selection.scope === 'all'
              ? m.export_scope_all()
              : m.export_scope_page({ current: String(selection.request.current), size: String(selection.request.size) }),
        },
        { label: m.export_about_filters(), value: describeParams(selection.scope === 'all' ? selection.query.params : selection.request.params) },
      ]),
      { label: m.export_about_profile(), value: options.about.profileName },
      { label: m.export_about_time_zone(), value: zone.name },
      ...(platformZone.name === zone.name
        ? []
        : [{ label: m.export_about_platform_zone(), value: m.export_about_platform_zone_value({ zone: platformZone.name }) }]),
      { label: m.export_about_exported_at(), value: excelSerial(wallClock(zone)(exportedAt)), format: 'datetime' },
      { label: m.export_about_rows(), value: rows },
      ...(sheets.length > 1 ? [{ label: m.export_about_sheets(), value: sheets.join(', ') }] : []),
      ...(options.summaryOnly ? [] : [{ label: m.export_about_headers(), value: headersText(headers) }]),
      { label: m.export_about_app_version(), value: options.about.appVersion },
      ...(warnings.length + truncatedCells > 0
        ? [{ label: m.export_about_warnings(), value: [...warnings, ...cutWarning(truncatedCells)].map(say).join(' ') }]
        : []),
    ];
    let summary;
    try {
      // The row count is known only now; the About sheet is written last.
      summary = await writer.finish(aboutRows);
    } catch (error) {
      await discard();
      if (signal?.aborted) return fail('cancelled', m.export_cancelled_no_file());
      return { ok: false, error: fileNotWritten(error, options.path) };
    }
    if (signal?.aborted) {
      await release();
      return fail('cancelled', m.export_cancelled_no_file());
    }
    try {
      await rename(temporary, options.path);
    } catch (error) {
      await release();
      return { ok: false, error: fileNotWritten(error, options.path) };
    }
    warnings.push(...cutWarning(summary.truncatedCells));
    return ok({ rows: summary.rows, elapsedMs: performance.now() - startedMs, warnings: warnings.map(say), warningsSaid: warnings, sheets: summary.sheets });
  } catch (error) {
    await discard();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
