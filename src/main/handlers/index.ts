import { join } from 'node:path';
import { platform } from 'node:os';
import { version } from '../../../package.json';
import { echoInput } from '../../shared/echo';
import { m } from '../../shared/i18n';
import { isSafeExternalUrl } from '../../shared/links';
import { fail, ok } from '../../shared/result';
import { Accounts } from '../accounts/accounts';
import { Archives } from '../archive/archives';
import { ProfileStore } from '../accounts/profile-store';
import { createKeytarSecretStore, type SecretStore } from '../accounts/secret-store';
import type { Logger } from '../log';
import type { SandboxOptions } from '../sandbox';
import { JobRegistry } from '../jobs/job-registry';
import { createAccountsHandlers } from './accounts-handlers';
import { createArchiveHandlers } from './archive-handlers';
import { ClientPool } from './client-pool';
import { createListHandlers } from './list-handlers';
import { createExportHandlers } from './export-handlers';
import { createJobHandlers } from './job-handlers';
import { createMmsHandlers } from './mms-handlers';
import { createReportHandlers } from './report-handlers';
import { JOURNAL_FILE, MmsHistory, MmsJournal } from '../mms';
import { createSeatGroupHandlers } from './seat-group-handlers';
import { createLiveHandlers } from './live-handlers';
import { createLanguageHandlers } from './language-handlers';
import { createScheduledWork } from '../schedule/scheduled-work';
import type { Scheduler } from '../schedule/scheduler';
import { Preferences } from '../preferences';
import type { DesktopPort } from '../desktop-port';
import { createDispatcher, type Dispatch, type EmitEvent, type Handlers } from './dispatcher';

export type { EmitEvent } from './dispatcher';
import { createSandboxHost, type SandboxHost } from '../sandbox/host';

/** Tests point the keychain at a service name of their own with this variable. */
export const KEYCHAIN_SERVICE_ENV = 'SWITCHBOARD_KEYCHAIN_SERVICE';

export interface ServiceOptions {
  userDataDir: string;
  desktop: DesktopPort;
  log: Logger;
  emit: EmitEvent;
  /** Default: the OS keychain through keytar. */
  secrets?: SecretStore;
  /** How the built-in sandbox is started (benchmarks ask for the large volume). */
  sandboxOptions?: SandboxOptions;
}

export interface Services {
  dispatch: Dispatch;
  accounts: Accounts;
  clients: ClientPool;
  archives: Archives;
  sandbox: SandboxHost;
  /** Scheduled syncs and daily reports: the app's host starts it (the CLI never does); close() stops it. */
  scheduler: Scheduler;
  close(): Promise<void>;
}

/** Builds the main-process services in plain Node: the same for Electron, the harness and the CLI. */
export function createServices(options: ServiceOptions): Services {
  const { desktop, log } = options;
  const sandbox = createSandboxHost(log, options.sandboxOptions);
  const accounts = new Accounts({
    store: new ProfileStore(join(options.userDataDir, 'profiles.json')),
    secrets: options.secrets ?? createKeytarSecretStore(process.env[KEYCHAIN_SERVICE_ENV] || undefined),
    log,
    sandbox: () => sandbox.endpoint(),
    sandboxAddress: () => sandbox.address(),
  });

  const archives = new Archives({
    userDataDir: options.userDataDir,
    settingsOf: (profileId) => accounts.archiveSettings(profileId),
    log,
    tell: (told) => options.emit('notice', { kind: 'archive', ...told }),
  });
  const clients = new ClientPool(accounts, log, (notice) => options.emit('notice', notice), archives);
  const jobs = new JobRegistry((job) => options.emit('jobChanged', job));
  const mmsHistory = new MmsHistory(new MmsJournal(join(options.userDataDir, JOURNAL_FILE)), log);
  const preferences = new Preferences(join(options.userDataDir, 'preferences.json'));
  const stops: (() => void)[] = [];
  /** Files this session wrote (exports, the Overview's workbook and charts): Show in folder and Download offer only these. */
  const written = new Set<string>();
  const scheduled = createScheduledWork({ accounts, archives, jobs, log, userDataDir: options.userDataDir, appVersion: version });

  const accountsHandlers = createAccountsHandlers(accounts, log);
  const handlers: Handlers = {
    getAppInfo: () => ok({ name: 'Switchboard', version, host: desktop.host, platform: platform() }),
    ...accountsHandlers,
    // A deleted profile's archive goes with it: its phone numbers are not left on the computer.
    deleteProfile: async (request) => {
      const deleted = await accountsHandlers.deleteProfile(request);
      if (deleted.ok) {
        await archives.remove(request.id);
        scheduled.scheduler.refresh();
      }
      return deleted;
    },
    ...createListHandlers({ pool: clients, jobs, emit: options.emit, log }),
    ...createExportHandlers({ clients, archives, jobs, log, desktop, appVersion: version, written }),
    ...createArchiveHandlers({ accounts, archives, jobs, log }),
    ...createJobHandlers(jobs),
    ...createMmsHandlers({
      history: mmsHistory,
      clients,
      jobs,
      emit: options.emit,
      log,
      desktop,
      userDataDir: options.userDataDir,
      appVersion: version,
      zoneOf: (profileId) => accounts.shownZone(profileId),
      onClose: (stop) => stops.push(stop),
      written,
    }),
    ...createSeatGroupHandlers({ clients, log }),
    ...createReportHandlers({ accounts, archives, jobs, log, mmsHistory, desktop, appVersion: version, written }),
    ...scheduled.handlers,
    ...createLiveHandlers({ accounts, archives, log, desktop, onAlertClicked: (profileId) => options.emit('liveAlertClicked', { profileId }) }),
    ...createLanguageHandlers(preferences, desktop, () => jobs.reword()),
    loadPreferences: () => ok(preferences.all()),
    savePreference: ({ key, value }) => preferences.set(key, value),
    openExternal: async ({ url }) => {
      if (!isSafeExternalUrl(url)) {
        return fail('unsafe-link', m.errors_https_only(), echoInput(url));
      }
      await desktop.openExternal(url);
      return ok(null);
    },
  };
  return {
    dispatch: createDispatcher(handlers, log, options.userDataDir),
    accounts,
    clients,
    archives,
    sandbox,
    scheduler: scheduled.scheduler,
    close: async () => {
      scheduled.scheduler.stop();
      for (const stop of stops.splice(0)) stop();
      jobs.cancelAll();
      clients.close();
      await archives.closeAll();
      await sandbox.close();
    },
  };
}
