/**
 * What the commands that talk to the platform share (`export`, `sync`, `report`): the
 * connection options (--profile, or --base-url with the key and secret in the
 * environment; --platform-zone; --time-zone), the record window (--from/--to), and opening
 * the connection they name: its client, its archive, Ctrl+C, and closing it all again.
 */
import { join } from 'node:path';
import { Accounts, AccountsError, type Connection } from '../accounts/accounts';
import { ProfileStore } from '../accounts/profile-store';
import { createKeytarSecretStore, type SecretStore } from '../accounts/secret-store';
import { type ClientOptions, createClient, type PlatformClient } from '../api';
import { Archives } from '../archive/archives';
import { KEYCHAIN_SERVICE_ENV } from '../handlers';
import { createLogger, type Logger } from '../log';
import { createSandboxHost } from '../sandbox/host';
import { resolveUserDataDir } from '../user-data';
import { DEFAULT_ARCHIVE_SETTINGS, validateBaseUrl, type ArchiveSettings } from '../../shared/profiles';
import { PLATFORM_ZONE_ENV, platformZone } from '../../shared/platform-zone';
import { platformErrorCode } from '../../shared/errors';
import type { AppError } from '../../shared/result';
import { formatIsoInZone, parseIsoInstant, parseTimeZone, type TimeZone } from '../../shared/time-zone';
import { m } from '../../shared/i18n';
import { UsageError, type CliIo } from './command';

/**
 * The archive engine's buffers in a command (MB), half the app's: a command runs beside
 * other work on a server, staged rows beyond spill to disk, and a million-record sync or a
 * 100,000-record export then peaks 40-80 MB lower (measured with the large sandbox).
 */
const CLI_ARCHIVE_MEMORY_MB = 96;

export const API_KEY_ENV = 'SWITCHBOARD_API_KEY';
export const API_SECRET_ENV = 'SWITCHBOARD_API_SECRET';

/** For parseCliArgs: spread into a command's own options. */
export const CONNECTION_OPTIONS = {
  profile: { type: 'string' },
  'base-url': { type: 'string' },
  'platform-zone': { type: 'string' },
  'time-zone': { type: 'string' },
} as const;

export const WINDOW_OPTIONS = {
  from: { type: 'string' },
  to: { type: 'string' },
} as const;

/** The usage lines of --profile, --base-url and --platform-zone (each command words --time-zone and --from/--to for itself). */
export function connectionUsage(): string[] {
  return [
    `  --profile NAME      ${m.cli_connection_option_profile()}`,
    `  --base-url URL      ${m.cli_connection_option_base_url({ keyVariable: API_KEY_ENV, secretVariable: API_SECRET_ENV })}`,
    `  --platform-zone Z   ${m.cli_connection_option_platform_zone({ variable: PLATFORM_ZONE_ENV })}`,
  ];
}

/** What a command takes from outside (tests pass their own). */
export interface CliDeps {
  env?: NodeJS.ProcessEnv;
  /** Default: the OS keychain (tests pass an in-memory store). */
  secrets?: SecretStore;
  /** Calls `cancel` on Ctrl+C; returns a function that stops listening. */
  onInterrupt?: (cancel: () => void) => () => void;
  log?: Logger;
}

/** The connection the options name, checked before any credentials are looked up. */
export interface ConnectionChoice {
  profile?: string;
  baseUrl?: string;
  /** --platform-zone as typed (only with --base-url); known to be a zone. */
  platformZone?: string;
  /** --time-zone as typed: the zone of the date-times written; known to be a zone. */
  timeZone?: string;
}

export function connectionChoice(values: {
  profile?: string;
  'base-url'?: string;
  'platform-zone'?: string;
  'time-zone'?: string;
}): ConnectionChoice {
  const timeZone = values['time-zone'];
  if (timeZone !== undefined && parseTimeZone(timeZone) === null) {
    throw new UsageError(m.cli_time_zone_invalid({ value: timeZone }));
  }
  if (values.profile !== undefined && values['base-url'] !== undefined) {
    throw new UsageError(m.cli_profile_or_base_url());
  }
  const platformZoneText = values['platform-zone'];
  if (platformZoneText !== undefined) {
    if (values['base-url'] === undefined) {
      throw new UsageError(m.cli_platform_zone_needs_base_url());
    }
    const checked = platformZone({ option: platformZoneText });
    if (!checked.ok) throw new UsageError(checked.message);
  }
  return { profile: values.profile, baseUrl: values['base-url'], platformZone: platformZoneText, timeZone };
}

/** --from/--to as typed (ISO 8601 with offset) and as instants. */
export interface WindowChoice {
  from: string;
  to: string;
  /** [fromMs, toMs): --to itself is not taken in. */
  fromMs: number;
  toMs: number;
  /** The platform's endTime, the last second taken in: the second before --to, in --to's offset. */
  endTime: string;
}

/**
 * The shortest window: the platform's end is the last second taken in (the one before --to)
 * and must come after the start, so --to one second after --from leaves nothing to ask.
 */
const MIN_WINDOW_MS = 2000;

/** --from and --to: both or neither (null), each ISO 8601 with an offset, the end at least two seconds after the start. */
export function windowChoice(values: { from?: string; to?: string }): WindowChoice | null {
  if (values.from === undefined && values.to === undefined) return null;
  if (values.from === undefined || values.to === undefined) throw new UsageError(m.cli_window_both_or_neither());
  const from = values.from.trim();
  const to = values.to.trim();
  const fromMs = isoOption('from', from);
  const toMs = isoOption('to', to);
  if (toMs - fromMs < MIN_WINDOW_MS) throw new UsageError(m.cli_window_too_short());
  const lastSecond = Math.ceil(toMs / 1000) * 1000 - 1000;
  const offset = parseTimeZone(/(Z|[+-]\d{2}:?\d{2})$/i.exec(to)?.[1] ?? 'Z') ?? parseTimeZone('Z');
  const endTime = offset ? formatIsoInZone(lastSecond, offset) : new Date(lastSecond).toISOString();
  return { from, to, fromMs, toMs, endTime };
}

function isoOption(name: string, text: string): number {
  const ms = parseIsoInstant(text);
  if (ms === null || !/(?:Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    throw new UsageError(m.cli_window_iso_invalid({ option: `--${name}`, value: text }));
  }
  return ms;
}

/** An open connection: close() closes its clients, its archives, the sandbox and stops listening for Ctrl+C. */
export interface OpenConnection {
  connection: Connection;
  archiveSettings: ArchiveSettings;
  /** The zone the platform's offset-less times are read in (shared/platform-zone.ts); `connection.timeZone` names it. */
  platformZone: TimeZone;
  /** The zone the date-times written are in: --time-zone, else the platform zone. */
  zone: TimeZone;
  log: Logger;
  /** Aborted on Ctrl+C. */
  interrupted: AbortSignal;
  /** A client of this connection; platform notices go to stderr. */
  client(options?: Pick<ClientOptions, 'onListPage'>): PlatformClient;
  /** The archives of this run (made once), telling the user on stderr what they should know. */
  archives(): Archives;
  /** The archive this connection keeps its records in: its profile's, or one for a bare address and key. */
  archiveId: string;
  /**
   * A failure as this connection is mended: a profile's in Accounts (the client's own words),
   * one from --base-url by the command's options and environment (commandAdvice).
   */
  explained(error: AppError): AppError;
  close(): Promise<void>;
}

/** The client's messages that send the user to Accounts, as a --base-url connection's user mends the same. */
const COMMAND_ADVICE: Readonly<Record<string, () => string>> = {
  [platformErrorCode(-1)]: () => m.cli_base_url_auth({ keyVariable: API_KEY_ENV, secretVariable: API_SECRET_ENV }),
  [platformErrorCode(-30)]: () => m.cli_base_url_key_disabled({ keyVariable: API_KEY_ENV }),
  network: () => m.cli_base_url_network(),
};

/** A failure of a --base-url connection, advising the command's options and environment instead of Accounts. */
function commandAdvice(error: AppError): AppError {
  const message = Object.hasOwn(COMMAND_ADVICE, error.code)
    ? COMMAND_ADVICE[error.code]()
    : // A web server's answer instead of the platform's ends with the advice to check the address.
      error.message.replace(m.errors_advice_base_url(), m.cli_base_url_advice());
  if (message === error.message) return error;
  // The catalog's message would say the Accounts advice again where it is worded.
  const { said: _said, ...rest } = error;
  return { ...rest, message };
}

/** Opens the connection the choice names: --base-url with the environment's credentials, or a profile's. */
export async function openConnection(choice: ConnectionChoice, deps: CliDeps, io: CliIo): Promise<OpenConnection> {
  const env = deps.env ?? process.env;
  const log = deps.log ?? createLogger({ console: false });
  const sandbox = createSandboxHost(log);
  try {
    const { connection, archiveSettings, platformZone } = await connectionFor(choice, env, deps.secrets, log, sandbox);
    log.redact(connection.apiSecret);
    const zone = (choice.timeZone === undefined ? null : parseTimeZone(choice.timeZone)) ?? platformZone;
    const clients: PlatformClient[] = [];
    let archives: Archives | null = null;
    const cancel = new AbortController();
    const stopListening = (deps.onInterrupt ?? listenForInterrupt)(() => cancel.abort());
    return {
      connection,
      archiveSettings,
      platformZone,
      zone,
      log,
      interrupted: cancel.signal,
      archiveId: connection.profileId || `${connection.baseUrl}\n${connection.apiKey}`,
      explained: choice.baseUrl === undefined ? (error) => error : commandAdvice,
      client(options = {}) {
        const client = createClient({
          baseUrl: connection.baseUrl,
          apiKey: connection.apiKey,
          apiSecret: connection.apiSecret,
          timeZone: connection.timeZone,
          log,
          onNotice: (notice) => io.err(notice.message),
          onListPage: options.onListPage,
        });
        clients.push(client);
        return client;
      },
      archives() {
        archives ??= new Archives({
          userDataDir: resolveUserDataDir(env),
          settingsOf: () => archiveSettings,
          log,
          tell: ({ message }) => io.err(message),
          store: { memoryLimitMb: CLI_ARCHIVE_MEMORY_MB },
          command: true,
        });
        return archives;
      },
      async close() {
        stopListening();
        for (const client of clients) client.close();
        await archives?.closeAll();
        await sandbox.close();
      },
    };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}

function listenForInterrupt(cancel: () => void): () => void {
  process.once('SIGINT', cancel);
  process.once('SIGTERM', cancel);
  return () => {
    process.off('SIGINT', cancel);
    process.off('SIGTERM', cancel);
  };
}

async function connectionFor(
  choice: ConnectionChoice,
  env: NodeJS.ProcessEnv,
  secrets: SecretStore | undefined,
  log: Logger,
  sandbox: ReturnType<typeof createSandboxHost>,
): Promise<{ connection: Connection; archiveSettings: ArchiveSettings; platformZone: TimeZone }> {
  const { baseUrl } = choice;
  if (baseUrl !== undefined) {
    const problem = validateBaseUrl(baseUrl);
    if (problem) throw new UsageError(m.cli_base_url_invalid({ problem }));
    const apiKey = env[API_KEY_ENV]?.trim();
    const apiSecret = env[API_SECRET_ENV]?.trim();
    if (!apiKey || !apiSecret) {
      throw new UsageError(m.cli_base_url_needs_credentials({ keyVariable: API_KEY_ENV, secretVariable: API_SECRET_ENV }));
    }
    const zone = platformZone({ option: choice.platformZone, environment: env[PLATFORM_ZONE_ENV] });
    if (!zone.ok) throw new UsageError(zone.message);
    const connection: Connection = {
      profileId: '',
      profileName: baseUrl,
      baseUrl,
      apiKey,
      apiSecret,
      timeZone: zone.zone.name,
      pageSize: 100,
      defaultAppId: '',
    };
    return { connection, archiveSettings: { ...DEFAULT_ARCHIVE_SETTINGS }, platformZone: zone.zone };
  }
  const userDataDir = resolveUserDataDir(env);
  const accounts = new Accounts({
    store: new ProfileStore(join(userDataDir, 'profiles.json')),
    secrets: secrets ?? createKeytarSecretStore(env[KEYCHAIN_SERVICE_ENV] || undefined),
    log,
    sandbox: () => sandbox.endpoint(),
    sandboxAddress: () => sandbox.address(),
  });
  const profile = choice.profile !== undefined ? accounts.findByName(choice.profile) : await accounts.active();
  if (!profile) {
    const names = (await accounts.state()).profiles.map((p) => m.cli_quoted({ text: p.name })).join(m.cli_list_separator());
    throw new UsageError(
      choice.profile !== undefined
        ? m.cli_profile_unknown({ name: choice.profile, profiles: names || m.cli_profiles_none() })
        : m.cli_profile_none_active(),
    );
  }
  const connection = await accounts.connection(profile.id).catch((error: unknown) => {
    // A secret kept for the desktop's session only is in that app's memory, never in this process.
    if (error instanceof AccountsError && error.code === 'validation' && !profile.secretStored) {
      throw new UsageError(
        m.cli_profile_secret_session_only({
          name: profile.name,
          baseUrl: profile.baseUrl,
          keyVariable: API_KEY_ENV,
          secretVariable: API_SECRET_ENV,
        }),
      );
    }
    throw error;
  });
  const zone = platformZone({ profile: connection.timeZone });
  if (!zone.ok) throw new UsageError(m.cli_profile_zone_invalid({ name: connection.profileName, problem: zone.message }));
  return {
    connection: { ...connection, timeZone: zone.zone.name },
    archiveSettings: accounts.archiveSettings(profile.id),
    platformZone: zone.zone,
  };
}
