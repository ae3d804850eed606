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
import { runExport } from '../export/export-job';
import { type ShownRequest, shownRows } from '../export/shown-rows';
import type { ExportFileFormat } from '../../shared/methods/export';
import { checkFetchAll, type FetchProgress } from '../jobs/fetch-all';
import { type CheckedQuery, isListOperation, LIST_DESCRIPTORS, type ParamKind, type SomeList } from '../../shared/operations';
import type { AppError } from '../../shared/result';
import { parseCliArgs } from './args';
import { choosesAnything, type ShownChoice, shownChoice, SHOWN_OPTIONS, SHOWN_USAGE } from './shown-options';
import { UsageError, type CliCommand, type CliIo } from './command';
import {
  type CliDeps,
  CONNECTION_OPTIONS,
  CONNECTION_USAGE,
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
  ...SHOWN_OPTIONS,
} as const;

/** What --out asks for: a spreadsheet the export writers make, or Parquet the archive's engine writes. */
export type OutFormat = ExportFileFormat;

export function exportUsage(lists: readonly SomeList[]): string {
  return [
    'Usage: switchboard export <list> --out FILE.xlsx|FILE.csv|FILE.parquet [options]',
    '',
    `  <list>              ${lists.map((list) => list.slug).join(', ')}`,
    '  --out FILE          where to write; the extension chooses .xlsx, .csv or .parquet. The file',
    '                      appears only when complete (written as FILE.partial-* first)',
    ...CONNECTION_USAGE,
    '  --from ISO --to ISO the record window [from, to), ISO 8601 with offset, e.g. 2026-11-01T00:00:00+08:00;',
    '                      --to itself is not included (voice-records and number-records need it; longer than 31 days is',
    '                      fetched in parts)',
    '  --param key=value   another filter, repeatable; lists comma-separated, e.g.',
    '                      --param taskId=1001 --param statusList=1,5',
    '  --time-zone ZONE    zone the date-times in the file are written in (IANA name or',
    "                      +08:00); default: the platform zone (the profile's, or --platform-zone)",
    '  --concurrency N     pages requested at once, 1-16 (default 6)',
    '  --from-archive      read the records kept on this computer (see `switchboard sync`)',
    '                      instead of the platform: no request is sent',
    ...SHOWN_USAGE,
    '',
    'Progress is printed to stderr. Exit codes: 0 done, 1 platform, network or file error,',
    '2 bad usage. Example (cron, every day at 06:00):',
    '  0 6 * * * SWITCHBOARD_API_KEY=… SWITCHBOARD_API_SECRET=… npx switchboard export voice-records \\',
    '    --base-url https://api.onbuka.com --from "$(date -d yesterday +\\%F)T00:00:00+08:00" \\',
    '    --to "$(date +\\%F)T00:00:00+08:00" --out /reports/voice-$(date +\\%F).xlsx',
  ].join('\n');
}

export const EXPORT_USAGE = exportUsage(LIST_DESCRIPTORS);

export interface ExportCommandDeps extends CliDeps {
  /** Least time between progress lines. Default 1 s. */
  progressIntervalMs?: number;
  /** The lists it can export. Default: the registry. */
  lists?: readonly SomeList[];
}

function listNamed(lists: readonly SomeList[], name: string | undefined): SomeList {
  if (name === undefined) throw new UsageError('Name the list to export.');
  const list = lists.find((candidate) => candidate.slug === name);
  if (!list)
    throw new UsageError(
      `Unknown list "${name}": choose from ${lists.map((candidate) => candidate.slug).join(', ')}.`,
    );
  return list;
}

function formatOf(out: string | undefined): OutFormat {
  if (out === undefined || out.trim() === '') throw new UsageError('--out FILE is required.');
  const extension = extname(out).toLowerCase();
  if (extension === '.xlsx') return 'xlsx';
  if (extension === '.csv') return 'csv';
  if (extension === '.parquet') return 'parquet';
  throw new UsageError(`--out must end in .xlsx, .csv or .parquet, not "${extension || out}".`);
}

function integerText(key: string, text: string): number {
  const trimmed = text.trim();
  const number = Number(trimmed);
  if (!/^-?\d+$/.test(trimmed) || !Number.isSafeInteger(number)) {
    throw new UsageError(`--param ${key} takes a whole number, not "${text}".`);
  }
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
    if (equals <= 0) throw new UsageError(`--param takes key=value, not "${entry}".`);
    const key = entry.slice(0, equals).trim();
    const kind = filters.includes(key) ? kinds[key] : undefined;
    if (kind === undefined || kind === 'window') {
      throw new UsageError(
        `${list.slug} has no filter "${key}"${filters.length > 0 ? `: use ${filters.join(', ')}` : ' (it takes --from and --to only)'}.`,
      );
    }
    params[key] = paramValue(key, kind, entry.slice(equals + 1));
  }
  if (list.window === null) {
    if (window !== null) throw new UsageError(`--from and --to apply to the record lists, not ${list.slug}.`);
    return params;
  }
  if (window === null) throw new UsageError(`${list.slug} needs both --from and --to.`);
  params.strTime = window.from;
  params.endTime = window.endTime;
  return params;
}

export function concurrencyOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const number = Number(text);
  if (!Number.isInteger(number) || number < 1 || number > 16) {
    throw new UsageError(`--concurrency must be a whole number from 1 to 16, not "${text}".`);
  }
  return number;
}

function progressLine(name: string, progress: FetchProgress): string {
  const rows = progress.rows.toLocaleString('en');
  const total = progress.totalRows === null ? '' : ` of ${progress.totalRows.toLocaleString('en')}`;
  const percent = progress.totalRows ? ` (${Math.floor((progress.rows / progress.totalRows) * 100)}%)` : '';
  const rate =
    progress.rowsPerSecond > 0 ? `, ${Math.round(progress.rowsPerSecond).toLocaleString('en')} rows/s` : '';
  const eta =
    progress.etaSeconds !== null && progress.etaSeconds > 0
      ? `, about ${Math.ceil(progress.etaSeconds)} s left`
      : '';
  return `${name}: ${rows}${total} rows${percent}${rate}${eta}`;
}

/** "times are in ZONE", and the zone the platform's offset-less times were read in when it is another. */
export function zonesLine(opened: Pick<OpenConnection, 'zone' | 'platformZone'>): string {
  const written = `times are in ${opened.zone.name}`;
  if (opened.platformZone.name === opened.zone.name) return written;
  return `${written} (the platform's times without an offset were read in ${opened.platformZone.name})`;
}

/** The parser's refusal as a usage error (exit 2): the field messages say what to fix. */
export function usageErrorOf(error: AppError): UsageError {
  const fields = Object.entries(error.fields ?? {}).map(([field, message]) => `  ${field}: ${message}`);
  return new UsageError([error.message, ...fields].join('\n'));
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
  /** `report`: true for the Summary and About sheets only (the rows are counted, not written), false with --rows. */
  summaryOnly?: boolean;
}

/** Refuses what a source or format cannot honour, before any credentials are looked up. */
function checkShownFits(shown: ShownChoice, format: OutFormat, fromArchive: boolean): void {
  if (shown.sort && !fromArchive) {
    throw new UsageError('--sort needs --from-archive: the platform sends rows in its own order. Run `switchboard sync` first, then export from the archive.');
  }
  if (format !== 'parquet') return;
  if (shown.columns) throw new UsageError('--columns applies to .xlsx and .csv; a .parquet file holds every column, typed.');
  if (!fromArchive && choosesAnything(shown)) {
    throw new UsageError('--search and --filter with a .parquet file need --from-archive (the archive\'s engine writes it).');
  }
}

export function createExportCommand(deps: ExportCommandDeps = {}): CliCommand {
  return {
    summary: 'Export a list to .xlsx, .csv or .parquet without the window (for scheduled reports)',
    usage: EXPORT_USAGE,
    async run(args, io) {
      const { values, positionals } = parseCliArgs(args, OPTIONS);
      if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
      const list = listNamed(deps.lists ?? LIST_DESCRIPTORS, positionals[0]);
      const format = formatOf(values.out);
      const out = values.out ?? '';
      const concurrency = concurrencyOf(values.concurrency);
      const choice = connectionChoice(values);
      // The filters are read, and checked once by the list's parser, before any credentials are looked up.
      const query = checkFetchAll(list, paramsFromArgs(list, values, windowChoice(values)), { concurrency });
      if (!query.ok) throw usageErrorOf(query.error);
      const fromArchive = values['from-archive'] === true;
      const shown = shownChoice(list, values);
      checkShownFits(shown, format, fromArchive);
      const job: ExportJob = { list, query: query.value, format, out, concurrency, fromArchive, shown };
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
      for (const warning of result.value.warnings) io.err(`Warning: ${warning}`);
      const elapsed = `${(result.value.elapsedMs / 1000).toFixed(1)} s`;
      if (job.summaryOnly !== undefined) {
        const sheets = ['Summary', ...result.value.sheets, 'About'].join(', ');
        io.err(
          `Wrote the summary of ${result.value.rows.toLocaleString('en')} ${name} rows to ${job.out} (sheets: ${sheets}) in ${elapsed}; hours and days are in ${zone.name}.`,
        );
        return 0;
      }
      io.err(`Exported ${result.value.rows.toLocaleString('en')} ${name} rows to ${job.out} in ${elapsed}; ${zonesLine(opened)}.`);
      return 0;
    }
    const { error } = result;
    if (error.code === 'cancelled') {
      io.err('Export cancelled; no file was written.');
      return 1;
    }
    io.err(
      `Export failed [${error.code}]: ${error.message}${error.detail ? `\nServer said: ${error.detail}` : ''}\nNo file was written.`,
    );
    return 1;
  }
  const operation = job.list.id;
  // A list outside the registry (a test's, a plug-in's) exports from the platform; only
  // the archive, which keeps the registry's lists, needs it registered.
  if (!isListOperation(operation)) {
    if (job.fromArchive || job.format === 'parquet') {
      throw new UsageError(
        `${name} is not kept in the archive, so it can be exported from the platform to .xlsx or .csv only.`,
      );
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
      io.err(
        archives.condition(archiveId).state === 'off'
          ? 'The archive is switched off for this profile, so there is nothing to export from it. Switch it on in Accounts and run `switchboard sync`.'
          : 'The archive could not be read (see above). No file was written.',
      );
      return 1;
    }
  }
  if (job.format === 'parquet') return await writeParquet(store);
  const readFrom = store;
  const shown = await shownRows(operation, request, zone, () => Promise.resolve(readFrom));
  if (!shown.ok) {
    if (shown.error.code === 'validation') throw usageErrorOf(shown.error);
    io.err(`Export failed [${shown.error.code}]: ${shown.error.message}\nNo file was written.`);
    return 1;
  }
  // The list is the registry's list of `operation`, so its rows are the rows these functions take.
  return await writeWithEngine(shown.value as unknown as EngineShown, job.format);

  /** Parquet is written by the archive's engine: from the archive's rows the query selects, or from the platform's. */
  async function writeParquet(from: ArchiveStore | null): Promise<number> {
    const startedMs = performance.now();
    const table = archiveTableFor(request.operation);
    let written: Awaited<ReturnType<typeof parquetFromArchive>>;
    if (from) {
      const query = listArchiveQuery(request, zone);
      if (!query.ok) throw usageErrorOf(query.error);
      written = await parquetFromArchive(from, table, query.value.query, job.out);
    } else {
      written = await parquetFromPlatform(client, job.list, table, job.query, job.out, {
        signal: opened.interrupted,
        concurrency: job.concurrency,
      });
    }
    if (!written.ok) {
      io.err(
        `Export failed [${written.error.code}]: ${written.error.message}${written.error.detail ? `\n${written.error.detail}` : ''}\nNo file was written.`,
      );
      return 1;
    }
    io.err(
      `Exported ${written.value.rows.toLocaleString('en')} ${name} rows to ${job.out} in ${((performance.now() - startedMs) / 1000).toFixed(1)} s; times are in UTC.`,
    );
    return 0;
  }
}

export const exportCommand = createExportCommand();
