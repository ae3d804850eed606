/**
 * Worker thread entry: parses one recipients file and posts back plain strings.
 * Bundled as out/main/mms-import-worker.js; the thread is terminated after one file.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseLocale, setCurrentLocale } from '../../shared/i18n/locale';
import { m } from '../../shared/i18n';
import { parseRecipientFile, RecipientFileError, type RecipientFileKind } from './recipient-file';

interface Job {
  kind: RecipientFileKind;
  bytes: Uint8Array;
  /** The language of the process that started this thread: its messages and column names come out in it. */
  locale?: unknown;
}

const job = workerData as Job;
setCurrentLocale(parseLocale(job.locale) ?? 'en');
try {
  parentPort?.postMessage({ ok: true, table: parseRecipientFile(job.kind, job.bytes) });
} catch (error) {
  parentPort?.postMessage(
    error instanceof RecipientFileError
      ? { ok: false, message: error.message, detail: error.detail }
      : { ok: false, message: m.mms_import_unreadable() },
  );
}
