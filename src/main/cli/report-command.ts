/**
 * `switchboard report <voice|numbers>`: the Summary workbook of a window's voice or number
 * records, for a daily file on a schedule. The export pipeline writes it (same connection
 * options, the profile's archive keeps what is fetched), counting the rows instead of
 * writing them unless --rows asks for them too.
 */
import { extname } from 'node:path';
import { checkFetchAll } from '../jobs/fetch-all';
import { LIST_DESCRIPTORS, type SomeList } from '../../shared/operations';
import { parseCliArgs } from './args';
import { UsageError, type CliCommand } from './command';
import { CONNECTION_OPTIONS, CONNECTION_USAGE, connectionChoice, openConnection, WINDOW_OPTIONS, windowChoice } from './connection-options';
import {
  concurrencyOf,
  exportWith,
  paramsFromArgs,
  usageErrorOf,
  type ExportCommandDeps,
  type ExportJob,
} from './export-command';

const OPTIONS = {
  ...CONNECTION_OPTIONS,
  ...WINDOW_OPTIONS,
  out: { type: 'string' },
  rows: { type: 'boolean' },
  concurrency: { type: 'string' },
} as const;

/** The report names: the kinds of summary the descriptors declare. */
const REPORTS = { voice: 'voiceRecords', numbers: 'numberRecords' } as const;
type ReportKind = keyof typeof REPORTS;

export const REPORT_USAGE = [
  'Usage: switchboard report <voice|numbers> --from ISO --to ISO --out FILE.xlsx [options]',
  '',
  '  voice               voice records: totals (calls, connected, ASR, talk time, ACD, billed',
  '                      minutes, cost per currency), by hour of day, by day, by call status',
  '  numbers             number records: totals, by day, by number, by country, by type',
  '  --from ISO --to ISO the window [from, to), ISO 8601 with offset, e.g. 2026-11-01T00:00:00+08:00;',
  '                      --to itself is not included, so one day ends at the next midnight',
  '  --out FILE.xlsx     the workbook: Summary and About sheets; it appears only when complete',
  '  --rows              add the records themselves as a sheet after the Summary',
  ...CONNECTION_USAGE,
  '  --time-zone ZONE    zone of the hours and days (IANA name or +08:00); default: the platform',
  "                      zone (the profile's, or --platform-zone)",
  '  --concurrency N     pages requested at once, 1-16 (default 6)',
  '',
  "The profile's archive, when on, keeps what is fetched. Prints what it wrote on stderr.",
  'Exit codes: 0 done, 1 platform, network or file error, 2 bad usage. Yesterday in +08:00,',
  'every day at 06:00 (cron):',
  '  0 6 * * * npx switchboard report voice --profile Ops --from "$(date -d yesterday +\\%F)T00:00:00+08:00" \\',
  '    --to "$(date +\\%F)T00:00:00+08:00" --out "/reports/voice-$(date -d yesterday +\\%F).xlsx"',
].join('\n');

function reportList(lists: readonly SomeList[], name: string | undefined): SomeList {
  if (name === undefined) throw new UsageError('Name the report: voice or numbers.');
  const kind = Object.hasOwn(REPORTS, name) ? (name as ReportKind) : undefined;
  const list = kind && lists.find((candidate) => candidate.summary?.figures.operation === REPORTS[kind]);
  if (!list) throw new UsageError(`Unknown report "${name}": choose voice or numbers.`);
  return list;
}

function xlsxOut(out: string | undefined): string {
  if (out === undefined || out.trim() === '') throw new UsageError('--out FILE.xlsx is required.');
  if (extname(out).toLowerCase() !== '.xlsx') {
    throw new UsageError(`--out must end in .xlsx (a report is a workbook), not "${extname(out) || out}".`);
  }
  return out;
}

export function createReportCommand(deps: ExportCommandDeps = {}): CliCommand {
  return {
    summary: 'Write the Summary workbook of a window of voice or number records (for a daily report)',
    usage: REPORT_USAGE,
    async run(args, io) {
      const { values, positionals } = parseCliArgs(args, OPTIONS);
      if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
      const list = reportList(deps.lists ?? LIST_DESCRIPTORS, positionals[0]);
      const out = xlsxOut(values.out);
      const concurrency = concurrencyOf(values.concurrency);
      const choice = connectionChoice(values);
      // Checked by the list's parser before any credentials are looked up.
      const query = checkFetchAll(list, paramsFromArgs(list, {}, windowChoice(values)), { concurrency });
      if (!query.ok) throw usageErrorOf(query.error);
      const job: ExportJob = { list, query: query.value, format: 'xlsx', out, concurrency, fromArchive: false, summaryOnly: values.rows !== true };
      const opened = await openConnection(choice, deps, io);
      try {
        return await exportWith(opened, job, io, deps);
      } finally {
        await opened.close();
      }
    },
  };
}

export const reportCommand = createReportCommand();
