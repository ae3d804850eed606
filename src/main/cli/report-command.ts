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
import { m } from '../../shared/i18n';
import { CONNECTION_OPTIONS, connectionUsage, connectionChoice, openConnection, WINDOW_OPTIONS, windowChoice } from './connection-options';
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

export function reportUsage(): string {
  return [
    m.cli_report_usage_title(),
    '',
    `  voice               ${m.cli_report_option_voice()}`,
    `  numbers             ${m.cli_report_option_numbers()}`,
    `  --from ISO --to ISO ${m.cli_report_option_window()}`,
    `  --out FILE.xlsx     ${m.cli_report_option_out()}`,
    `  --rows              ${m.cli_report_option_rows()}`,
    ...connectionUsage(),
    `  --time-zone ZONE    ${m.cli_report_option_time_zone()}`,
    `  --concurrency N     ${m.cli_option_concurrency()}`,
    '',
    m.cli_report_usage_exit(),
    '  0 6 * * * npx switchboard report voice --profile Ops --from "$(date -d yesterday +\\%F)T00:00:00+08:00" \\',
    '    --to "$(date +\\%F)T00:00:00+08:00" --out "/reports/voice-$(date -d yesterday +\\%F).xlsx"',
  ].join('\n');
}

function reportList(lists: readonly SomeList[], name: string | undefined): SomeList {
  if (name === undefined) throw new UsageError(m.cli_report_name());
  const kind = Object.hasOwn(REPORTS, name) ? (name as ReportKind) : undefined;
  const list = kind && lists.find((candidate) => candidate.summary?.figures.operation === REPORTS[kind]);
  if (!list) throw new UsageError(m.cli_report_unknown({ name }));
  return list;
}

function xlsxOut(out: string | undefined): string {
  if (out === undefined || out.trim() === '') throw new UsageError(m.cli_report_out_required());
  if (extname(out).toLowerCase() !== '.xlsx') {
    throw new UsageError(m.cli_report_out_extension({ value: extname(out) || out }));
  }
  return out;
}

export function createReportCommand(deps: ExportCommandDeps = {}): CliCommand {
  return {
    summary: () => m.cli_report_summary(),
    writesFileFromStream: true,
    usage: reportUsage,
    async run(args, io) {
      const { values, positionals } = parseCliArgs(args, OPTIONS);
      if (positionals.length > 1) throw new UsageError(m.cli_unexpected_argument({ value: positionals[1] }));
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
