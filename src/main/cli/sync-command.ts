/**
 * `switchboard sync [list...]`: brings the profile's archive up to date, fetching only the
 * time ranges it does not hold completely (plus the refresh window) and each snapshot list
 * whole, then applies the profile's retention to each list by the platform's clock. Same
 * connection and window options as `export`; progress on stderr; exit 0 when every list
 * synced, 1 on a platform, network or archive error (or Ctrl+C) or a retention that needs
 * --yes, 2 on bad usage.
 */
import type { PlatformClient } from '../api';
import type { ArchiveStore } from '../archive/archive-store';
import { cutoffText } from '../../shared/methods/archive';
import { heldRetentionMessage } from '../archive/retention';
import type { SyncSummary } from '../archive/sync';
import { scopedSyncOf, scopeNoun, SYNCED_LISTS, syncList, syncPlanOf, type SyncPlan } from '../archive/sync-plan';
import { LIST_OPERATIONS, listOf, type ListOperation, type ScopedSync, type SomeList } from '../../shared/operations';
import type { Result } from '../../shared/result';
import type { Logger } from '../log';
import { echoInput } from '../../shared/echo';
import { formatNumber, m } from '../../shared/i18n';
import { detailLine } from '../../shared/error-detail';
import type { TimeZone } from '../../shared/time-zone';
import { parseCliArgs, plainWholeNumber } from './args';
import { UsageError, type CliCommand, type CliIo } from './command';
import {
  type CliDeps,
  CONNECTION_OPTIONS,
  connectionUsage,
  connectionChoice,
  type OpenConnection,
  openConnection,
  WINDOW_OPTIONS,
  windowChoice,
} from './connection-options';
import { refusalInOptions, secondsText } from './export-command';

const OPTIONS = {
  ...CONNECTION_OPTIONS,
  ...WINDOW_OPTIONS,
  param: { type: 'string', multiple: true },
  yes: { type: 'boolean' },
} as const;

/** The lists synced one scope at a time (task details), each with its scope: named only with --param. */
const SCOPED: readonly { operation: ListOperation; list: SomeList; scope: ScopedSync }[] = LIST_OPERATIONS.flatMap((operation) => {
  const list = listOf(operation);
  const scope = scopedSyncOf(list);
  return scope === null ? [] : [{ operation, list, scope }];
});

export function syncUsage(): string {
  return [
    m.cli_sync_usage_title(),
    '',
    `  [list...]           ${m.cli_sync_option_lists({ lists: SYNCED_LISTS.map((operation) => listOf(operation).slug).join(m.cli_list_separator()) })}`,
    ...SCOPED.map(({ list, scope }) => `                      ${m.cli_sync_option_scoped_list({ list: list.slug, param: scope.param })}`),
    ...connectionUsage(),
    `  --from ISO --to ISO ${m.cli_sync_option_window()}`,
    ...SCOPED.map(
      ({ list, scope }) => `${`  --param ${scope.param}=N`.padEnd(21)} ${m.cli_sync_option_param({ noun: scopeNoun(scope), list: list.slug })}`,
    ),
    `  --yes               ${m.cli_sync_option_yes()}`,
    '',
    m.cli_sync_usage_text(),
  ].join('\n');
}

function listsNamed(names: readonly string[]): ListOperation[] {
  if (names.length === 0) return [...SYNCED_LISTS];
  const known = [...SYNCED_LISTS, ...LIST_OPERATIONS.filter((operation) => !SYNCED_LISTS.includes(operation))];
  return names.map((name) => {
    const operation = known.find((candidate) => listOf(candidate).slug === name);
    if (operation) return operation;
    throw new UsageError(m.cli_unknown_list({ name, choices: known.map((candidate) => listOf(candidate).slug).join(m.cli_list_separator()) }));
  });
}

/**
 * The scope of a scoped list's sync (task details: its descriptor's `taskId` filter, a whole
 * number); null when no scoped list is named.
 */
function scopeOf(operations: readonly ListOperation[], entries: readonly string[] | undefined): number | null {
  const given = new Map<string, string>();
  for (const entry of entries ?? []) {
    const equals = entry.indexOf('=');
    if (equals <= 0) throw new UsageError(m.cli_param_form({ value: entry }));
    given.set(entry.slice(0, equals).trim(), entry.slice(equals + 1));
  }
  const other = [...given.keys()].find((key) => !SCOPED.some(({ scope }) => scope.param === key));
  if (other !== undefined) {
    const takes = SCOPED.map(({ list, scope }) => m.cli_sync_param_for({ param: scope.param, list: list.slug })).join(m.cli_sync_param_separator());
    throw new UsageError(m.cli_sync_no_filter({ key: echoInput(other), takes }));
  }
  const named = SCOPED.find(({ operation }) => operations.includes(operation));
  if (named === undefined) {
    const [key, text] = [...given][0] ?? [];
    const owner = SCOPED.find(({ scope }) => scope.param === key);
    if (owner) throw new UsageError(m.cli_sync_param_needs_list({ key, list: owner.list.slug, value: text }));
    return null;
  }
  const { list, scope } = named;
  const text = given.get(scope.param);
  if (text === undefined) throw new UsageError(m.cli_sync_scope_needed({ list: list.slug, noun: scopeNoun(scope), param: scope.param }));
  const id = plainWholeNumber(text);
  if (id === null) throw new UsageError(m.cli_param_whole_number({ key: scope.param, value: text }));
  return id;
}

/** What the retention removed from a list: the records before the cutoff, told in `zone` (the profile's). */
export function prunedLine(slug: string, removed: number, cutoffMs: number, zone: TimeZone): string {
  return m.cli_sync_pruned({ list: slug, removed: formatNumber(removed), before: cutoffText(cutoffMs, zone) });
}

function summaryLine(slug: string, summary: SyncSummary, elapsedMs: number): string {
  const ranges = summary.fetched.length;
  const elapsed = secondsText(elapsedMs);
  if (ranges === 0 && summary.rows === 0) return m.cli_sync_up_to_date({ list: slug, elapsed });
  const rows = formatNumber(summary.rows);
  if (ranges === 0) return m.cli_sync_whole_list({ list: slug, rows, elapsed });
  return m.cli_sync_ranges({ list: slug, ranges: String(ranges), rows, elapsed });
}

export function createSyncCommand(deps: CliDeps = {}): CliCommand {
  return {
    summary: () => m.cli_sync_summary(),
    usage: syncUsage,
    async run(args, io) {
      const { values, positionals } = parseCliArgs(args, OPTIONS);
      const operations = listsNamed(positionals);
      const taskId = scopeOf(operations, values.param);
      const asked = windowChoice(values);
      const opened = await openConnection(connectionChoice(values), deps, io);
      try {
        const { connection, archiveSettings } = opened;
        if (!archiveSettings.enabled) {
          io.err(m.cli_sync_archive_off({ profile: connection.profileName }));
          return 1;
        }
        const store = await opened.archives().store(opened.archiveId, 'sync');
        if (!store) return 1;
        // No page hook: sync writes its rows itself, each range with its coverage.
        const client = opened.client();
        // The profile's settings: its sync history (unless --from/--to say otherwise) and its refresh window.
        const planned = syncPlanOf(archiveSettings, Date.now(), taskId);
        const windowed = asked ? { ...planned, window: { fromMs: asked.fromMs, toMs: asked.toMs } } : planned;
        const plan = { ...windowed, retention: { retentionDays: archiveSettings.retentionDays, confirmed: values.yes === true } };
        let code = 0;
        for (const operation of operations) {
          const synced = await syncOne(
            operation,
            {
              store,
              client,
              plan,
              signal: opened.interrupted,
              log: opened.log,
              explained: opened.explained,
              // The zone the command tells times in (the profile's), as the app tells a retention's cutoff.
              zone: opened.zone,
            },
            io,
          );
          if (synced === 'failed') return 1;
          if (synced === 'retention-held') code = 1;
        }
        return code;
      } finally {
        await opened.close();
      }
    },
  };
}

async function syncOne(
  operation: ListOperation,
  job: {
    store: ArchiveStore;
    client: PlatformClient;
    plan: SyncPlan;
    signal: AbortSignal;
    log: Logger;
    explained: OpenConnection['explained'];
    zone: TimeZone;
  },
  io: CliIo,
): Promise<'synced' | 'retention-held' | 'failed'> {
  const list = listOf(operation);
  const startedMs = performance.now();
  let lastLine = 0;
  const onProgress = ({ rangesDone, rangesTotal, rows }: { rangesDone: number; rangesTotal: number; rows: number }): void => {
    const now = Date.now();
    if (now - lastLine < 1000 && rangesDone < rangesTotal) return;
    lastLine = now;
    io.err(m.cli_sync_progress({ list: list.slug, done: String(rangesDone), total: String(rangesTotal), rows: formatNumber(rows) }));
  };
  const result: Result<SyncSummary> = await syncList(job.store, job.client, operation, job.plan, { signal: job.signal, onProgress });
  if (result.ok) {
    io.err(summaryLine(list.slug, result.value, performance.now() - startedMs));
    const { retention } = result.value;
    if (retention?.kind === 'held') {
      io.err(heldRetentionMessage(list.slug, retention, job.plan.retention?.retentionDays ?? 0, m.cli_sync_retention_how(), job.zone));
      return 'retention-held';
    }
    if (retention?.kind === 'pruned' && retention.removed > 0 && retention.cutoffMs !== null) {
      io.err(prunedLine(list.slug, retention.removed, retention.cutoffMs, job.zone));
    }
    return 'synced';
  }
  if (result.error.code === 'cancelled' || job.signal.aborted) {
    io.err(m.cli_sync_cancelled({ list: list.slug }));
    return 'failed';
  }
  const error = job.explained(result.error);
  const { code, detail } = error;
  // A refused window or --param is named by the option typed (--from), as export names it, not by the request's path.
  const message = code === 'validation' ? refusalInOptions(error) : error.message;
  // The archive's own failures are told in plain words; the engine's words go to the log, not to the reader.
  const fromArchive = code.startsWith('archive');
  if (fromArchive && detail) job.log.error(`sync of ${list.slug}: archive`, detail);
  const failed = m.cli_sync_failed({ list: list.slug, code, message });
  const detailed = fromArchive ? null : detailLine(error, 'terminal');
  io.err(detailed ? `${failed}\n${detailed}` : failed);
  return 'failed';
}

export const syncCommand = createSyncCommand();
