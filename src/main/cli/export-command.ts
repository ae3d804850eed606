/**
 * `switchboard export`: the app's export engine without a window, for scheduled reports.
 * Credentials come from a profile (keychain) or from SWITCHBOARD_API_KEY and
 * SWITCHBOARD_API_SECRET with --base-url. Progress goes to stderr. Exit 0 when the
 * file is complete, 1 on a platform, network or file error, 2 on bad usage.
 */
import { extname } from 'node:path';
import { version } from '../../../package.json';
import type { PlatformClient } from '../api';
import { parquetFromArchive, parquetFromPlatform } from '../archive/archive-export';
import type { ArchiveStore } from '../archive/archive-store';
import { listArchiveQuery } from '../archive/list-archive-query';
import { archiveTableFor } from '../archive/tables';
import { claimSavePath } from '../export/claim-save-path';
import { runExport } from '../export/export-job';
import { type ShownRequest, shownRows } from '../export/shown-rows';
import { EXPORT_HEADERS, type ExportFileFormat, type ExportHeaders } from '../../shared/methods/export';
import { checkFetchAll, type FetchProgress } from '../jobs/fetch-all';
import { type CheckedQuery, isListOperation, LIST_DESCRIPTORS, type ParamKind, type SomeList } from '../../shared/operations';
import type { AppError } from '../../shared/result';
import { parseCliArgs, plainWholeNumber } from './args';
import { echoInput } from '../../shared/echo';
import { formatNumber, m } from '../../shared/i18n';
import { detailLine } from '../../shared/error-detail';
import { formatInstant, parseIsoInstant, type TimeZone } from '../../shared/time-zone';
import { choosesAnything, type ShownChoice, shownChoice, SHOWN_OPTIONS, shownUsage } from './shown-options';
import { UsageError, type CliCommand, type CliIo } from './command';
import { totalOf } from '../../shared/methods/jobs';
import {
  type CliDeps,
  CONNECTION_OPTIONS,
  connectionUsage,
  connectionChoice,
  type OpenConnection,
  openConnection,
  WINDOW_OPTIONS,
  windowChoice,
  type WindowChoice,
} from './connection-options';

const OPTIONS = {
  ...CONNECTION_OPTIONS,
  ...WINDOW_OPTIONS,
  out: { type: 'string' },
  param: { type: 'string', multiple: true },
  concurrency: { type: 'string' },
  'from-archive': { type: 'boolean' },
  headers: { type: 'string' },
  ...SHOWN_OPTIONS,
} as const;

/** What --out asks for: a spreadsheet the export writers make, or Parquet the archive's engine writes. */
export type OutFormat = ExportFileFormat;

export function exportUsage(lists: readonly SomeList[]): string {
  return [
    m.cli_export_usage_title(),
    '',
    `  <list>              ${lists.map((list) => list.slug).join(', ')}`,
    `  --out FILE          ${m.cli_export_option_out()}`,
    ...connectionUsage(),
    `  --from ISO --to ISO ${m.cli_export_option_window()}`,
    `  --param key=value   ${m.cli_export_option_param()}`,
    '                      --param taskId=1001 --param statusList=1,5',
    `  --time-zone ZONE    ${m.cli_export_option_time_zone()}`,
    `  --concurrency N     ${m.cli_option_concurrency()}`,
    `  --from-archive      ${m.cli_export_option_from_archive()}`,
    `  --headers H         ${m.cli_export_option_headers()}`,
    ...shownUsage(),
    '',
    m.cli_export_usage_exit(),
    '  0 6 * * * SWITCHBOARD_API_KEY=… SWITCHBOARD_API_SECRET=… npx switchboard export voice-records \\',
    '    --base-url https://api.onbuka.com --from "$(date -d yesterday +\\%F)T00:00:00+08:00" \\',
    '    --to "$(date +\\%F)T00:00:00+08:00" --out /reports/voice-$(date +\\%F).xlsx',
  ].join('\n');
}

export interface ExportCommandDeps extends CliDeps {
  /** Least time between progress lines. Default 1 s. */
  progressIntervalMs?: number;
  /** The lists it can export. Default: the registry. */
  lists?: readonly SomeList[];
}

function listNamed(lists: readonly SomeList[], name: string | undefined): SomeList {
  if (name === undefined) throw new UsageError(m.cli_export_name_list());
  const list = lists.find((candidate) => candidate.slug === name);
  if (!list) throw new UsageError(m.cli_unknown_list({ name, choices: lists.map((candidate) => candidate.slug).join(m.cli_list_separator()) }));
  return list;
}

function formatOf(out: string | undefined): OutFormat {
  if (out === undefined || out.trim() === '') throw new UsageError(m.cli_export_out_required());
  const extension = extname(out).toLowerCase();
  if (extension === '.xlsx') return 'xlsx';
  if (extension === '.csv') return 'csv';
  if (extension === '.parquet') return 'parquet';
  throw new UsageError(m.cli_export_out_extension({ value: extension || out }));
}

/** A whole-number filter; a negative one is read, for the list's parser to say what it takes. */
function integerText(key: string, text: string): number {
  const number = plainWholeNumber(text, { negative: true });
  if (number === null) throw new UsageError(m.cli_param_whole_number({ key, value: text }));
  return number;
}

function paramValue(key: string, kind: Exclude<ParamKind, 'window'>, text: string): unknown {
  const items = (): string[] =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  switch (kind) {
    case 'text':
      return text;
    case 'integer':
      return integerText(key, text);
    case 'integers':
      return items().map((item) => integerText(key, item));
    case 'texts':
      return items();
  }
}

/** The filters from --from/--to and --param, typed as the list's descriptor says (its parser checks them later). */
export function paramsFromArgs(
  list: SomeList,
  values: { param?: string[] },
  window: WindowChoice | null,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  const kinds = list.paramKinds;
  const filters = Object.keys(kinds).filter((key) => kinds[key] !== 'window');
  for (const entry of values.param ?? []) {
    const equals = entry.indexOf('=');
    if (equals <= 0) throw new UsageError(m.cli_param_form({ value: entry }));
    const key = entry.slice(0, equals).trim();
    const kind = filters.includes(key) ? kinds[key] : undefined;
    if (kind === undefined || kind === 'window') {
      throw new UsageError(
        filters.length > 0
          ? m.cli_param_unknown({ list: list.slug, key: echoInput(key), filters: filters.join(m.cli_list_separator()) })
          : m.cli_param_unknown_window_only({ list: list.slug, key: echoInput(key) }),
      );
    }
    params[key] = paramValue(key, kind, entry.slice(equals + 1));
  }
  if (list.window === null) {
    if (window !== null) throw new UsageError(m.cli_window_not_for_list({ list: list.slug }));
    return params;
  }
  if (window === null) throw new UsageError(m.cli_window_needed({ list: list.slug }));
  params.strTime = window.from;
  params.endTime = window.endTime;
  return params;
}

/** --headers: the header row of a .xlsx or .csv file (default: the interface language's names). */
function headersOf(text: string | undefined, format: OutFormat): ExportHeaders | undefined {
  if (text === undefined) return undefined;
  const headers = EXPORT_HEADERS.find((known) => known === text);
  if (!headers) throw new UsageError(m.cli_headers_invalid({ choices: EXPORT_HEADERS.join(m.cli_list_separator()), value: text }));
  if (format === 'parquet' && headers !== 'fields') throw new UsageError(m.cli_headers_not_parquet());
  return headers;
}

export function concurrencyOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const number = plainWholeNumber(text);
  if (number === null || number < 1 || number > 16) {
    throw new UsageError(m.cli_concurrency_invalid({ value: text }));
  }
  return number;
}

function progressLine(name: string, progress: FetchProgress): string {
  const rows = formatNumber(progress.rows);
  const total = totalOf(progress);
  const done = total === null ? m.lists_load_rows({ rows }) : m.lists_load_rows_of({ rows, total: formatNumber(total) });
  const percent = total ? m.cli_progress_percent({ percent: String(Math.floor((progress.rows / total) * 100)) }) : '';
  const rate =
    progress.rowsPerSecond > 0 ? m.cli_progress_rate({ rate: formatNumber(Math.round(progress.rowsPerSecond)) }) : '';
  const eta =
    progress.etaSeconds !== null && progress.etaSeconds > 0
      ? m.cli_progress_eta({ seconds: String(Math.ceil(progress.etaSeconds)) })
      : '';
  return m.cli_export_progress({ list: name, done, percent, rate, eta });
}

/**
 * A report of a window not over by the platform's clock (today, or a clock ahead) holds only
 * what had happened: said, as the daily report refuses such a day, so a cron job's partial
 * "yesterday" is not taken for a whole one. Null when the window is over (or has no end).
 */
function windowStillOpen(query: ExportJob['query'], client: PlatformClient, zone: TimeZone): string | null {
  const end = (query.params as { endTime?: unknown }).endTime;
  const endMs = typeof end === 'string' ? parseIsoInstant(end) : null;
  const localMs = Date.now();
  const nowMs = client.platformTimeAt(localMs) ?? localMs;
  if (endMs === null || nowMs >= endMs) return null;
  return m.cli_report_window_open({ end: formatInstant(endMs, zone), now: formatInstant(nowMs, zone) });
}

/** A duration in seconds to a tenth ("2.5 s"). */
export function secondsText(ms: number): string {
  return m.cli_seconds({ seconds: (ms / 1000).toFixed(1) });
}

/** "times are in ZONE", and the zone the platform's offset-less times were read in when it is another. */
export function zonesLine(opened: Pick<OpenConnection, 'zone' | 'platformZone'>): string {
  if (opened.platformZone.name === opened.zone.name) return m.cli_zones_line({ zone: opened.zone.name });
  return m.cli_zones_line_platform({ zone: opened.zone.name, platformZone: opened.platformZone.name });
}

/**
 * The parser's refusal as a usage error (exit 2): each field's message under the option the
 * user typed (`--from`, `--param status`), not the request's path (`params.strTime`).
 */
export function usageErrorOf(error: AppError): UsageError {
  return new UsageError(refusalInOptions(error));
}

/**
 * A refusal's words for the command line: each field's message under its option, one a line;
 * the error's own message when it names no field. Also what `sync` says of a refused window.
 */
export function refusalInOptions(error: AppError): string {
  const fields = Object.entries(error.fields ?? {});
  if (fields.length === 0) return error.message;
  const lines = fields.map(([field, message]) => {
    const option = optionOfField(field);
    return option === null ? message : m.cli_option_refused({ option, message });
  });
  return [...new Set(lines)].join('\n');
}

/**
 * `params.strTime` → `--from`, `params.endTime` → `--to` (it ends a second before --to),
 * `params.status` → `--param status`; null for the search and column filters, whose messages name them.
 */
function optionOfField(field: string): string | null {
  const param = /^params\.([^.[]+)/.exec(field)?.[1];
  if (param === undefined) return null;
  if (param === 'strTime') return '--from';
  if (param === 'endTime') return '--to';
  return `--param ${param}`;
}

/** One export, as the command line asked for it; `query` is what the list's parser accepted. */
/** What one CLI run writes: `export`'s file, or `report`'s summary workbook (`summaryOnly` set). */
export interface ExportJob {
  list: SomeList;
  query: CheckedQuery<object, unknown>;
  format: OutFormat;
  out: string;
  concurrency?: number;
  fromArchive: boolean;
  /** `export`'s --search, --filter, --sort and --columns; none: every row and column, in the source's order. */
  shown?: ShownChoice;
  /** `export`'s --headers: the header row (default: the interface language's names). */
  headers?: ExportHeaders;
  /** `report`: true for the Summary and About sheets only (the rows are counted, not written), false with --rows. */
  summaryOnly?: boolean;
}

/** Refuses what a source or format cannot honour, before any credentials are looked up. */
function checkShownFits(shown: ShownChoice, format: OutFormat, fromArchive: boolean): void {
  if (shown.sort && !fromArchive) {
    throw new UsageError(m.cli_sort_needs_archive());
  }
  if (format !== 'parquet') return;
  if (shown.columns) throw new UsageError(m.cli_columns_not_parquet());
  if (!fromArchive && choosesAnything(shown)) {
    throw new UsageError(m.cli_parquet_filter_needs_archive());
  }
}

export function createExportCommand(deps: ExportCommandDeps = {}): CliCommand {
  return {
    summary: () => m.cli_export_summary(),
    usage: () => exportUsage(deps.lists ?? LIST_DESCRIPTORS),
    writesFileFromStream: true,
    async run(args, io) {
      const { values, positionals } = parseCliArgs(args, OPTIONS);
      if (positionals.length > 1) throw new UsageError(m.cli_unexpected_argument({ value: positionals[1] }));
      const list = listNamed(deps.lists ?? LIST_DESCRIPTORS, positionals[0]);
      const format = formatOf(values.out);
      const headers = headersOf(values.headers, format);
      const out = values.out ?? '';
      const concurrency = concurrencyOf(values.concurrency);
      const choice = connectionChoice(values);
      // The filters are read, and checked once by the list's parser, before any credentials are looked up.
      const query = checkFetchAll(list, paramsFromArgs(list, values, windowChoice(values)), { concurrency });
      if (!query.ok) throw usageErrorOf(query.error);
      const fromArchive = values['from-archive'] === true;
      const shown = shownChoice(list, values);
      checkShownFits(shown, format, fromArchive);
      const job: ExportJob = { list, query: query.value, format, out, concurrency, fromArchive, shown, headers };
      const opened = await openConnection(choice, deps, io);
      try {
        return await exportWith(opened, job, io, deps);
      } finally {
        await opened.close();
      }
    },
  };
}

/** What of a query the export engine writes (see export/shown-rows.ts), for a list of any rows. */
type EngineShown = Pick<Parameters<typeof runExport>[0], 'rows' | 'columns' | 'keep' | 'arrangePage' | 'words'>;

export async function exportWith(opened: OpenConnection, job: ExportJob, io: CliIo, deps: ExportCommandDeps): Promise<number> {
  const { connection, zone, archiveId } = opened;
  const archives = opened.archives();
  const client: PlatformClient = opened.client({ onListPage: archives.pageHook(archiveId) });
  const name = job.list.slug;
  const interval = deps.progressIntervalMs ?? 1000;
  let lastLine = 0;
  /** Writes the file with the export engine, from the platform or from archived rows. */
  async function writeWithEngine(
    shown: EngineShown,
    format: Exclude<OutFormat, 'parquet'>,
  ): Promise<number> {
    const result = await runExport({
      client,
      list: job.list,
      selection: { scope: 'all', query: job.query },
      ...shown,
      format,
      path: job.out,
      timeZone: zone.name,
      headers: job.headers,
      concurrency: job.concurrency,
      signal: opened.interrupted,
      onProgress: (progress) => {
        const now = Date.now();
        if (now - lastLine < interval) return;
        lastLine = now;
        io.err(progressLine(name, progress));
      },
      about: { profileName: connection.profileName, appVersion: version },
      summaryOnly: job.summaryOnly,
    });
    if (result.ok) {
      for (const warning of result.value.warnings) io.err(m.cli_warning({ warning }));
      const elapsed = secondsText(result.value.elapsedMs);
      const rows = formatNumber(result.value.rows);
      if (job.summaryOnly !== undefined) {
        const sheets = [m.export_sheet_summary(), ...result.value.sheets, m.export_sheet_about()].join(m.cli_list_separator());
        io.err(m.cli_report_written({ rows, list: job.list.endpoint.title(), out: job.out, sheets, elapsed, zone: zone.name }));
        const open = windowStillOpen(job.query, client, zone);
        if (open !== null) io.err(m.cli_warning({ warning: open }));
        return 0;
      }
      io.err(m.cli_export_written({ rows, list: name, out: job.out, elapsed, zones: zonesLine(opened) }));
      return 0;
    }
    const error = opened.explained(result.error);
    if (error.code === 'cancelled') {
      io.err(m.export_cancelled_no_file());
      return 1;
    }
    io.err(
      [
        m.cli_export_failed({ code: error.code, message: error.message }),
        ...(error.detail ? [detailLine(error, 'terminal')] : []),
        m.cli_no_file_written(),
      ].join('\n'),
    );
    return 1;
  }
  const operation = job.list.id;
  // A list outside the registry (a test's, a plug-in's) exports from the platform; only
  // the archive, which keeps the registry's lists, needs it registered.
  if (!isListOperation(operation)) {
    if (job.fromArchive || job.format === 'parquet') {
      throw new UsageError(m.cli_export_not_archived({ list: name }));
    }
    return await writeWithEngine({}, job.format);
  }
  const request = {
    operation,
    params: { ...job.query.params },
    source: job.fromArchive ? 'archive' : 'platform',
    scope: 'all',
    ...job.shown,
  } as ShownRequest;
  let store: ArchiveStore | null = null;
  if (job.fromArchive) {
    store = await archives.store(archiveId, 'read');
    if (!store) {
      io.err(archives.condition(archiveId).state === 'off' ? m.cli_export_archive_off() : m.cli_export_archive_unreadable());
      return 1;
    }
  }
  if (job.format === 'parquet') return await writeParquet(store);
  const readFrom = store;
  const shown = await shownRows(operation, request, zone, () => Promise.resolve(readFrom));
  if (!shown.ok) {
    if (shown.error.code === 'validation') throw usageErrorOf(shown.error);
    const error = opened.explained(shown.error);
    io.err([m.cli_export_failed({ code: error.code, message: error.message }), m.cli_no_file_written()].join('\n'));
    return 1;
  }
  // The list is the registry's list of `operation`, so its rows are the rows these functions take.
  return await writeWithEngine(shown.value as unknown as EngineShown, job.format);

  /** Parquet is written by the archive's engine: from the archive's rows the query selects, or from the platform's. */
  async function writeParquet(from: ArchiveStore | null): Promise<number> {
    const startedMs = performance.now();
    const table = archiveTableFor(request.operation);
    let written: Awaited<ReturnType<typeof parquetFromArchive>>;
    const query = from ? listArchiveQuery(request, zone) : null;
    if (query && !query.ok) throw usageErrorOf(query.error);
    // The name is claimed as the other formats claim it: a folder or a name being written is refused first.
    const claimed = claimSavePath('command', job.out);
    if (!claimed.ok) {
      written = claimed;
    } else if (from && query) {
      written = await parquetFromArchive(from, table, query.value.query, job.out, claimed.value.partial, opened.interrupted);
    } else {
      written = await parquetFromPlatform(client, job.list, table, job.query, job.out, {
        signal: opened.interrupted,
        concurrency: job.concurrency,
        partial: claimed.value.partial,
      });
    }
    if (!written.ok) {
      const error = opened.explained(written.error);
      io.err(
        [
          m.cli_export_failed({ code: error.code, message: error.message }),
          ...(error.detail ? [error.detail] : []),
          m.cli_no_file_written(),
        ].join('\n'),
      );
      return 1;
    }
    io.err(
      m.cli_export_written({
        rows: formatNumber(written.value.rows),
        list: name,
        out: job.out,
        elapsed: secondsText(performance.now() - startedMs),
        zones: m.cli_zones_line({ zone: 'UTC' }),
      }),
    );
    return 0;
  }
}

export const exportCommand = createExportCommand();
