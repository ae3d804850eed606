/**
 * `switchboard export`: the app's export engine without a window, for scheduled reports.
 * Credentials come from a profile (keychain) or from SWITCHBOARD_API_KEY and
 * SWITCHBOARD_API_SECRET with --base-url. Progress goes to stderr. Exit 0 when the
 * file is complete, 1 on a platform, network or file error, 2 on bad usage.
 */
import { extname, join } from 'node:path';
import { version } from '../../../package.json';
import { Accounts, computerTimeZone, type Connection } from '../accounts/accounts';
import { ProfileStore } from '../accounts/profile-store';
import { createKeytarSecretStore, type SecretStore } from '../accounts/secret-store';
import { createClient } from '../api';
import {
  archiveQueryFor,
  archiveRows,
  parquetFromArchive,
  parquetFromPlatform,
} from '../archive/archive-export';
import type { ArchiveQuery, ArchiveStore } from '../archive/archive-store';
import { Archives } from '../archive/archives';
import { runExport } from '../export/export-job';
import type { ExportFormat } from '../export/file-name';
import type { FetchProgress } from '../jobs/fetch-all';
import { createLogger, type Logger } from '../log';
import { KEYCHAIN_SERVICE_ENV } from '../handlers';
import { createSandboxHost } from '../sandbox/host';
import { resolveUserDataDir } from '../user-data';
import { isListOperation, LIST_DESCRIPTORS, type ParamKind, type SomeList } from '../../shared/operations';
import { DEFAULT_ARCHIVE_SETTINGS, validateBaseUrl, type ArchiveSettings } from '../../shared/profiles';
import { parseIsoInstant, parseTimeZone, type TimeZone } from '../../shared/time-zone';
import { parseCliArgs } from './args';
import { UsageError, type CliCommand, type CliIo } from './command';

export const API_KEY_ENV = 'SWITCHBOARD_API_KEY';
export const API_SECRET_ENV = 'SWITCHBOARD_API_SECRET';

const OPTIONS = {
  out: { type: 'string' },
  profile: { type: 'string' },
  'base-url': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  param: { type: 'string', multiple: true },
  'time-zone': { type: 'string' },
  concurrency: { type: 'string' },
  'from-archive': { type: 'boolean' },
} as const;

/** What --out asks for: a spreadsheet the export writers make, or Parquet the archive's engine writes. */
type OutFormat = ExportFormat | 'parquet';

export function exportUsage(lists: readonly SomeList[]): string {
  return [
    'Usage: switchboard export <list> --out FILE.xlsx|FILE.csv|FILE.parquet [options]',
    '',
    `  <list>              ${lists.map((list) => list.slug).join(', ')}`,
    '  --out FILE          where to write; the extension chooses .xlsx, .csv or .parquet. The file',
    '                      appears only when complete (written as FILE.partial-* first)',
    '  --profile NAME      a profile from the app (its secret comes from the keychain);',
    "                      default: the app's active profile",
    '  --base-url URL      or a platform address, with the credentials in the environment',
    `                      variables ${API_KEY_ENV} and ${API_SECRET_ENV}`,
    '  --from ISO --to ISO the record window, ISO 8601 with offset, e.g. 2026-11-01T00:00:00+08:00',
    '                      (voice-records and number-records need it; longer than 31 days is',
    '                      fetched in parts)',
    '  --param key=value   another filter, repeatable; lists comma-separated, e.g.',
    '                      --param taskId=1001 --param statusList=1,5',
    '  --time-zone ZONE    zone for the date-times in the file (IANA name or +08:00);',
    "                      default: the profile's zone, or this computer's",
    '  --concurrency N     pages requested at once, 1-16 (default 6)',
    '  --from-archive      read the records kept on this computer (see `switchboard sync`)',
    '                      instead of the platform: no request is sent',
    '',
    'Progress is printed to stderr. Exit codes: 0 done, 1 platform, network or file error,',
    '2 bad usage. Example (cron, every day at 06:00):',
    '  0 6 * * * SWITCHBOARD_API_KEY=… SWITCHBOARD_API_SECRET=… npx switchboard export voice-records \\',
    '    --base-url https://api.onbuka.com --from "$(date -d yesterday +\\%F)T00:00:00+08:00" \\',
    '    --to "$(date +\\%F)T00:00:00+08:00" --out /reports/voice-$(date +\\%F).xlsx',
  ].join('\n');
}

export const EXPORT_USAGE = exportUsage(LIST_DESCRIPTORS);

export interface ExportCommandDeps {
  env?: NodeJS.ProcessEnv;
  /** Default: the OS keychain (tests pass an in-memory store). */
  secrets?: SecretStore;
  /** Calls `cancel` on Ctrl+C; returns a function that stops listening. */
  onInterrupt?: (cancel: () => void) => () => void;
  /** Least time between progress lines. Default 1 s. */
  progressIntervalMs?: number;
  log?: Logger;
  /** The lists it can export. Default: the registry. */
  lists?: readonly SomeList[];
}

export function listenForInterrupt(cancel: () => void): () => void {
  process.once('SIGINT', cancel);
  process.once('SIGTERM', cancel);
  return () => {
    process.off('SIGINT', cancel);
    process.off('SIGTERM', cancel);
  };
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

function isoOption(name: string, text: string): number {
  const ms = parseIsoInstant(text);
  if (ms === null || !/(?:Z|[+-]\d{2}:?\d{2})$/.test(text.trim())) {
    throw new UsageError(
      `--${name} must be ISO 8601 with an offset, e.g. 2026-11-01T00:00:00+08:00, not "${text}".`,
    );
  }
  return ms;
}

/** The filters from --from/--to and --param, typed as the list's descriptor says (its parser checks them later). */
export function paramsFromArgs(
  list: SomeList,
  values: { from?: string; to?: string; param?: string[] },
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
    if (values.from !== undefined || values.to !== undefined) {
      throw new UsageError(`--from and --to apply to the record lists, not ${list.slug}.`);
    }
    return params;
  }
  if (values.from === undefined || values.to === undefined) {
    throw new UsageError(`${list.slug} needs both --from and --to.`);
  }
  isoOption('from', values.from);
  isoOption('to', values.to);
  params.strTime = values.from.trim();
  params.endTime = values.to.trim();
  return params;
}

function concurrencyOf(text: string | undefined): number | undefined {
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

export function createExportCommand(deps: ExportCommandDeps = {}): CliCommand {
  return {
    summary: 'Export a list to .xlsx, .csv or .parquet without the window (for scheduled reports)',
    usage: EXPORT_USAGE,
    async run(args, io) {
      const env = deps.env ?? process.env;
      const { values, positionals } = parseCliArgs(args, OPTIONS);
      if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
      const list = listNamed(deps.lists ?? LIST_DESCRIPTORS, positionals[0]);
      const format = formatOf(values.out);
      const out = values.out as string;
      const concurrency = concurrencyOf(values.concurrency);
      if (values['time-zone'] !== undefined && parseTimeZone(values['time-zone']) === null) {
        throw new UsageError(
          `--time-zone must be an IANA zone such as Asia/Shanghai or an offset such as +08:00, not "${values['time-zone']}".`,
        );
      }
      if (values.profile !== undefined && values['base-url'] !== undefined) {
        throw new UsageError('Give --profile or --base-url, not both.');
      }

      // The filters are read before any credentials are looked up.
      const params = paramsFromArgs(list, values);

      const log = deps.log ?? createLogger({ console: false });
      const sandbox = createSandboxHost(log);
      let archives: Archives | null = null;
      try {
        const { connection, archiveSettings } = await connectionFor(values, env, deps, log, sandbox);
        log.redact(connection.apiSecret);
        const zone = parseTimeZone(values['time-zone'] ?? connection.timeZone) ?? parseTimeZone('UTC');
        if (zone === null) throw new UsageError('No usable time zone.');
        archives = cliArchives(env, archiveSettings, log, io);
        const job = { list, params, format, out, concurrency, fromArchive: values['from-archive'] === true };
        return await exportWith(connection, zone, job, io, deps, log, archives);
      } finally {
        await archives?.closeAll();
        await sandbox.close();
      }
    },
  };
}

/** The archives of this run (one store per connection), telling the user on stderr what they should know. */
export function cliArchives(
  env: NodeJS.ProcessEnv,
  settings: ArchiveSettings,
  log: Logger,
  io: CliIo,
): Archives {
  return new Archives({
    userDataDir: resolveUserDataDir(env),
    settingsOf: () => settings,
    log,
    tell: (message) => io.err(message),
  });
}

/** The archive a connection keeps its records in: its profile's, or one for a bare address and key. */
export function archiveIdOf(connection: Connection): string {
  return connection.profileId || `${connection.baseUrl}\n${connection.apiKey}`;
}

/** The connection options `export` and `sync` share. */
export interface ConnectionValues {
  profile?: string;
  'base-url'?: string;
  'time-zone'?: string;
}

/** The connection to use: --base-url with the environment's credentials, or a profile's (with its archive settings). */
export async function connectionFor(
  values: ConnectionValues,
  env: NodeJS.ProcessEnv,
  deps: Pick<ExportCommandDeps, 'secrets'>,
  log: Logger,
  sandbox: ReturnType<typeof createSandboxHost>,
): Promise<{ connection: Connection; archiveSettings: ArchiveSettings }> {
  const baseUrl = values['base-url'];
  if (baseUrl !== undefined) {
    const problem = validateBaseUrl(baseUrl);
    if (problem) throw new UsageError(`--base-url: ${problem}`);
    const apiKey = env[API_KEY_ENV]?.trim();
    const apiSecret = env[API_SECRET_ENV]?.trim();
    if (!apiKey || !apiSecret) {
      throw new UsageError(
        `With --base-url, set the environment variables ${API_KEY_ENV} and ${API_SECRET_ENV}.`,
      );
    }
    const timeZone = values['time-zone'] ?? computerTimeZone();
    const connection = {
      profileId: '',
      profileName: baseUrl,
      baseUrl,
      apiKey,
      apiSecret,
      timeZone,
      pageSize: 100,
      defaultAppId: '',
    };
    return { connection, archiveSettings: { ...DEFAULT_ARCHIVE_SETTINGS } };
  }
  const userDataDir = resolveUserDataDir(env);
  const accounts = new Accounts({
    store: new ProfileStore(join(userDataDir, 'profiles.json')),
    secrets: deps.secrets ?? createKeytarSecretStore(env[KEYCHAIN_SERVICE_ENV] || undefined),
    log,
    sandbox: () => sandbox.endpoint(),
    sandboxAddress: () => sandbox.address(),
  });
  const profile =
    values.profile !== undefined ? accounts.findByName(values.profile) : await accounts.active();
  if (!profile) {
    const names = (await accounts.state()).profiles.map((p) => `"${p.name}"`).join(', ');
    throw new UsageError(
      values.profile !== undefined
        ? `No profile is named "${values.profile}". Profiles: ${names || 'none'}.`
        : 'No profile is active: give --profile NAME, or --base-url with credentials in the environment.',
    );
  }
  return {
    connection: await accounts.connection(profile.id),
    archiveSettings: accounts.archiveSettings(profile.id),
  };
}

async function exportWith(
  connection: Connection,
  zone: TimeZone,
  job: {
    list: SomeList;
    params: object;
    format: OutFormat;
    out: string;
    concurrency?: number;
    fromArchive: boolean;
  },
  io: CliIo,
  deps: ExportCommandDeps,
  log: Logger,
  archives: Archives,
): Promise<number> {
  const archiveId = archiveIdOf(connection);
  const client = createClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    apiSecret: connection.apiSecret,
    timeZone: connection.timeZone,
    log,
    onNotice: (notice) => io.err(notice.message),
    onListPage: archives.pageHook(archiveId),
  });
  const cancel = new AbortController();
  const stopListening = (deps.onInterrupt ?? listenForInterrupt)(() => cancel.abort());
  const name = job.list.slug;
  const interval = deps.progressIntervalMs ?? 1000;
  let lastLine = 0;
  /** Writes the file with the export engine, from the platform or from archived rows. */
  async function writeWithEngine(
    rows: Parameters<typeof runExport>[0]['rows'],
    format: Exclude<OutFormat, 'parquet'>,
  ): Promise<number> {
    const result = await runExport({
      client,
      list: job.list,
      params: job.params,
      rows,
      format,
      path: job.out,
      timeZone: zone.name,
      scope: 'all',
      concurrency: job.concurrency,
      signal: cancel.signal,
      onProgress: (progress) => {
        const now = Date.now();
        if (now - lastLine < interval) return;
        lastLine = now;
        io.err(progressLine(name, progress));
      },
      about: { profileName: connection.profileName, appVersion: version },
    });
    if (result.ok) {
      for (const warning of result.value.warnings) io.err(`Warning: ${warning}`);
      io.err(
        `Exported ${result.value.rows.toLocaleString('en')} ${name} rows to ${job.out} in ${(result.value.elapsedMs / 1000).toFixed(1)} s; times are in ${zone.name}.`,
      );
      return 0;
    }
    const { error } = result;
    if (error.code === 'cancelled') {
      io.err('Export cancelled; no file was written.');
      return 1;
    }
    if (error.code === 'validation') {
      const fields = Object.entries(error.fields ?? {}).map(([field, message]) => `  ${field}: ${message}`);
      throw new UsageError([error.message, ...fields].join('\n'));
    }
    io.err(
      `Export failed [${error.code}]: ${error.message}${error.detail ? `\nServer said: ${error.detail}` : ''}\nNo file was written.`,
    );
    return 1;
  }
  try {
    const operation = job.list.id;
    // A list outside the registry (a test's, a plug-in's) exports from the platform; only
    // the archive, which keeps the registry's lists, needs it registered.
    if (!isListOperation(operation)) {
      if (job.fromArchive || job.format === 'parquet') {
        throw new UsageError(
          `${name} is not kept in the archive, so it can be exported from the platform to .xlsx or .csv only.`,
        );
      }
      return await writeWithEngine(undefined, job.format);
    }
    let rows: ReturnType<typeof archiveRows> | undefined;
    let query: ArchiveQuery = {};
    let store: ArchiveStore | null = null;
    if (job.fromArchive) {
      const asked = archiveQueryFor(operation, { ...job.params });
      if (!asked.ok) throw new UsageError(asked.error.message);
      query = asked.value;
      store = await archives.store(archiveId);
      if (!store) {
        io.err(
          archives.condition(archiveId).state === 'off'
            ? 'The archive is switched off for this profile, so there is nothing to export from it. Switch it on in Accounts and run `switchboard sync`.'
            : 'The archive could not be read (see above). No file was written.',
        );
        return 1;
      }
      rows = archiveRows(store, operation, query);
    }
    if (job.format === 'parquet') {
      const startedMs = performance.now();
      const written = store
        ? await parquetFromArchive(store, operation, query, job.out)
        : await parquetFromPlatform(client, operation, { ...job.params }, job.out, {
            signal: cancel.signal,
            concurrency: job.concurrency,
          });
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
    return await writeWithEngine(rows as Parameters<typeof runExport>[0]['rows'], job.format);
  } finally {
    stopListening();
    client.close();
  }
}

export const exportCommand = createExportCommand();
