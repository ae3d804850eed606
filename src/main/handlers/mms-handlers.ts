import { rm } from 'node:fs/promises';
import { base64Length, isBase64 } from '../../shared/base64';
import { m } from '../../shared/i18n';
import { MMS_IMPORT_MAX_BYTES, MMS_IMPORT_MAX_MB } from '../../shared/methods/mms';
import { fail, failWith, ok } from '../../shared/result';
import type { TimeZone } from '../../shared/time-zone';
import type { JobRegistry } from '../jobs/job-registry';
import type { Logger } from '../log';
import { refuseUnseenRepeats } from '../mms/repeat-guard';
import { findRepeats } from '../mms/repeats';
import {
  importRecipientFile,
  MmsSender,
  resultsFileName,
  type SendTarget,
  writeResultsFile,
} from '../mms';
import { withAccounts } from './accounts-handlers';
import type { ClientPool } from './client-pool';
import type { DesktopPort } from '../desktop-port';
import type { Handlers } from './dispatcher';
import type { EmitEvent } from './dispatcher';
import { claimSavePath } from '../export/claim-save-path';
import { fileNotWritten } from '../export/file-not-written';
import { ImportQueue } from '../mms/import-queue';
import { MmsSendJobs } from '../mms/send-jobs';
import type { MmsHistory } from '../mms';

type MmsHandlers = Pick<
  Handlers,
  'sendMms' | 'resendMmsBatch' | 'findMmsRepeats' | 'listMmsHistory' | 'getMmsSend' | 'exportMmsResults' | 'importMmsRecipients'
>;

/**
 * Test-only: a shorter wait for each MMS send's answer (the product waits the client's
 * default 30 s). Read at each send, clamped to 1-120 s.
 */
export const MMS_TIMEOUT_ENV = 'SWITCHBOARD_MMS_TIMEOUT_MS';

function sendTimeoutMs(): number | undefined {
  const value = Number(process.env[MMS_TIMEOUT_ENV]);
  return Number.isFinite(value) && value > 0 ? Math.min(Math.max(value, 1_000), 120_000) : undefined;
}

/** A recipients file of the largest size, as base64. */
const MAX_IMPORT_BASE64_CHARS = base64Length(MMS_IMPORT_MAX_BYTES);

export function createMmsHandlers(deps: {
  clients: ClientPool;
  jobs: JobRegistry;
  emit: EmitEvent;
  log: Logger;
  desktop: DesktopPort;
  userDataDir: string;
  /** The send history (the journal), shared with the Overview's MMS figures. */
  history: MmsHistory;
  /** For the About sheet of a results workbook. */
  appVersion: string;
  /** The zone a profile's times are shown in: a results file writes its send's time in it, as the screen shows it. */
  zoneOf: (profileId: string) => Promise<TimeZone>;
  /** Registers what to stop when the services close. */
  onClose: (stop: () => void) => void;
  /** The files this session exported, which may be shown, opened or downloaded. */
  written: Set<string>;
}): MmsHandlers {
  const { clients, emit, log, desktop } = deps;
  const { history } = deps;
  const sendJobs = new MmsSendJobs(deps.jobs, log);
  const imports = new ImportQueue();
  deps.onClose(() => imports.close());
  const sender = new MmsSender({
    history,
    log,
    emit: (summary) => {
      emit('mmsProgress', summary);
      sendJobs.update(summary);
    },
    timeoutMs: sendTimeoutMs,
    checkRepeat: (request) => refuseUnseenRepeats(history, request, Date.now()),
  });
  // Another process's sends reach this one's windows through the journal itself.
  deps.onClose(
    history.watch((sendIds) => {
      for (const sendId of sendIds) {
        const summary = history.summary(sendId);
        if (summary) emit('mmsProgress', summary);
      }
    }),
  );

  async function target(profileId?: string): Promise<SendTarget> {
    const { client, connection } = profileId ? await clients.forProfile(profileId) : await clients.active();
    return { client, profileId: connection.profileId, profileName: connection.profileName };
  }

  return {
    sendMms: (request) =>
      withAccounts(async () => {
        const checked = sender.check(request);
        if (!checked.ok) return checked;
        const sendTo = await target(request.profileId);
        return sendJobs.follow(request.sendId, sendTo.profileId, request.batches, () => sender.send(request, sendTo));
      }),

    resendMmsBatch: ({ sendId, batch, acknowledgeUnknown }) =>
      withAccounts(() => sender.resend(sendId, batch, acknowledgeUnknown === true, target)),

    findMmsRepeats: ({ content, numbers }) => ok(findRepeats(history, content, numbers, Date.now())),

    listMmsHistory: () => ok(history.list()),

    getMmsSend: ({ sendId }) => {
      const detail = history.detail(sendId);
      return detail ? ok(detail) : fail('not-found', m.mms_send_not_found());
    },

    exportMmsResults: async ({ sendId, format }) => {
      const detail = history.detail(sendId);
      if (!detail) return fail('not-found', m.mms_send_not_found());
      const zone = await deps.zoneOf(detail.profileId);
      const chosen = await desktop.chooseSavePath({
        defaultName: resultsFileName(detail.at, format, zone),
        filters: [format === 'xlsx' ? { name: m.mms_export_filter_xlsx(), extensions: ['xlsx'] } : { name: 'CSV', extensions: ['csv'] }],
      });
      if (chosen === null) return ok(null);
      // As every export: a name another export is writing is refused, and in browser mode
      // (nobody was asked) the first free name is taken, never an earlier file overwritten.
      const claimed = claimSavePath(desktop.host, chosen);
      if (!claimed.ok) return claimed;
      const { path, partial } = claimed.value;
      try {
        await writeResultsFile(path, detail, format, { appVersion: deps.appVersion, zone });
      } catch (error) {
        log.warn('MMS results export failed', error instanceof Error ? error.message : error);
        return failWith(fileNotWritten(error, path, 'mms_export_failed'));
      } finally {
        await rm(partial, { force: true });
      }
      deps.written.add(path);
      return ok({ path });
    },

    importMmsRecipients: async ({ fileName, dataBase64 }) => {
      if (dataBase64.length > MAX_IMPORT_BASE64_CHARS) {
        return fail('too-large', m.mms_import_too_large_split({ mb: MMS_IMPORT_MAX_MB }));
      }
      // Buffer.from skips what is not base64: a file that arrived broken would be read as what is left of it ("empty").
      if (!isBase64(dataBase64)) {
        const message = m.mms_import_not_whole();
        return failWith({ code: 'validation', message, fields: { dataBase64: message } });
      }
      return importRecipientFile(fileName, Buffer.from(dataBase64, 'base64'), { queue: imports });
    },
  };
}
