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
import { heldRetentionMessage } from '../archive/retention';
import type { SyncSummary } from '../archive/sync';
import { scopedSyncOf, SYNCED_LISTS, syncList, syncPlanOf, type SyncPlan } from '../archive/sync-plan';
import { LIST_OPERATIONS, listOf, type ListOperation, type ScopedSync, type SomeList } from '../../shared/operations';
import type { Result } from '../../shared/result';
import type { Logger } from '../log';
import { parseCliArgs } from './args';
import { UsageError, type CliCommand, type CliIo } from './command';
import {
  type CliDeps,
  CONNECTION_OPTIONS,
  CONNECTION_USAGE,
  connectionChoice,
  openConnection,
  WINDOW_OPTIONS,
  windowChoice,
} from './connection-options';

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

export const SYNC_USAGE = [
  'Usage: switchboard sync [list...] [options]',
  '',
  `  [list...]           ${SYNCED_LISTS.map((operation) => listOf(operation).slug).join(', ')} (default: all of them),`,
  ...SCOPED.map(({ list, scope }) => `                      or ${list.slug} with --param ${scope.param}=N`),
  ...CONNECTION_USAGE,
  "  --from ISO --to ISO the window of the record lists (default: the profile's sync history,",
  '                      60 days unless set in Accounts, up to now)',
  ...SCOPED.map(({ list, scope }) => `${`  --param ${scope.param}=N`.padEnd(21)} the ${scope.noun} id, for ${list.slug}`),
  "  --yes               let the retention remove more than half of a list's archived records",
  '',
  "Only what the archive does not hold yet is fetched, plus the profile's refresh window",
  "(recent records can still change). Then records older than the profile's retention are",
  "removed, by the platform's clock; a removal of more than half of a list needs --yes.",
  'Progress is printed to stderr. Exit codes: 0 done, 1 platform, network or archive error,',
  'or a removal that needs --yes, 2 bad usage.',
].join('\n');

function listsNamed(names: readonly string[]): ListOperation[] {
  if (names.length === 0) return [...SYNCED_LISTS];
  const known = [...SYNCED_LISTS, ...LIST_OPERATIONS.filter((operation) => !SYNCED_LISTS.includes(operation))];
  return names.map((name) => {
    const operation = known.find((candidate) => listOf(candidate).slug === name);
    if (operation) return operation;
    throw new UsageError(`Unknown list "${name}": choose from ${known.map((candidate) => listOf(candidate).slug).join(', ')}.`);
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
    if (equals <= 0) throw new UsageError(`--param takes key=value, not "${entry}".`);
    given.set(entry.slice(0, equals).trim(), entry.slice(equals + 1).trim());
  }
  const other = [...given.keys()].find((key) => !SCOPED.some(({ scope }) => scope.param === key));
  if (other !== undefined) {
    const takes = SCOPED.map(({ list, scope }) => `--param ${scope.param}=N, for ${list.slug}`).join('; ');
    throw new UsageError(`sync takes no filter "${other}": only ${takes}.`);
  }
  const named = SCOPED.find(({ operation }) => operations.includes(operation));
  if (named === undefined) {
    const [key, text] = [...given][0] ?? [];
    const owner = SCOPED.find(({ scope }) => scope.param === key);
    if (owner) throw new UsageError(`--param ${key} applies to ${owner.list.slug} only: name it, e.g. switchboard sync ${owner.list.slug} --param ${key}=${text}.`);
    return null;
  }
  const { list, scope } = named;
  const text = given.get(scope.param);
  if (text === undefined) throw new UsageError(`${list.slug} is synced one ${scope.noun} at a time: add --param ${scope.param}=N (the ${scope.noun} id on the platform).`);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--param ${scope.param} takes a whole number, not "${text}".`);
  }
  return Number(text);
}

function summaryLine(slug: string, summary: SyncSummary, elapsedMs: number): string {
  const ranges = summary.fetched.length;
  const what = ranges === 0 && summary.rows === 0 ? 'already up to date' : `${ranges === 0 ? 'whole list' : `${ranges} range${ranges === 1 ? '' : 's'}`} fetched, ${summary.rows.toLocaleString('en')} rows`;
  return `${slug}: ${what} in ${(elapsedMs / 1000).toFixed(1)} s.`;
}

export function createSyncCommand(deps: CliDeps = {}): CliCommand {
  return {
    summary: "Bring the profile's archive on this computer up to date with the platform",
    usage: SYNC_USAGE,
    async run(args, io) {
      const { values, positionals } = parseCliArgs(args, OPTIONS);
      const operations = listsNamed(positionals);
      const taskId = scopeOf(operations, values.param);
      const asked = windowChoice(values);
      const opened = await openConnection(connectionChoice(values), deps, io);
      try {
        const { connection, archiveSettings } = opened;
        if (!archiveSettings.enabled) {
          io.err(`The archive is switched off for ${connection.profileName}. Switch it on in Accounts to sync.`);
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
          const synced = await syncOne(operation, { store, client, plan, signal: opened.interrupted, log: opened.log }, io);
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
    io.err(`${list.slug}: ${rangesDone} of ${rangesTotal} ranges, ${rows.toLocaleString('en')} rows`);
  };
  const result: Result<SyncSummary> = await syncList(job.store, job.client, operation, job.plan, { signal: job.signal, onProgress });
  if (result.ok) {
    io.err(summaryLine(list.slug, result.value, performance.now() - startedMs));
    const { retention } = result.value;
    if (retention?.kind === 'held') {
      io.err(heldRetentionMessage(list.slug, retention, job.plan.retention?.retentionDays ?? 0, 'run the sync again with --yes'));
      return 'retention-held';
    }
    if (retention?.kind === 'pruned' && retention.removed > 0 && retention.cutoffMs !== null) {
      io.err(`${list.slug}: ${retention.removed.toLocaleString('en')} records from before ${new Date(retention.cutoffMs).toISOString().slice(0, 10)} removed (the retention).`);
    }
    return 'synced';
  }
  if (result.error.code === 'cancelled' || job.signal.aborted) {
    io.err(`Sync of ${list.slug} cancelled; the ranges finished before are kept.`);
    return 'failed';
  }
  const { code, message, detail } = result.error;
  // The archive's own failures are told in plain words; the engine's words go to the log, not to the reader.
  const fromArchive = code.startsWith('archive');
  if (fromArchive && detail) job.log.error(`sync of ${list.slug}: archive`, detail);
  io.err(`Sync of ${list.slug} failed [${code}]: ${message}${detail && !fromArchive ? `\nServer said: ${detail}` : ''}`);
  return 'failed';
}

export const syncCommand = createSyncCommand();
