/**
 * Worker thread entry: parses one recipients file and posts back plain strings.
 * Bundled as out/main/mms-import-worker.js; the thread is terminated after one file.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseRecipientFile, RecipientFileError, type RecipientFileKind } from './recipient-file';

interface Job {
  kind: RecipientFileKind;
  bytes: Uint8Array;
}

const job = workerData as Job;
try {
  parentPort?.postMessage({ ok: true, table: parseRecipientFile(job.kind, job.bytes) });
} catch (error) {
  parentPort?.postMessage({
    ok: false,
    message: error instanceof RecipientFileError ? error.message : 'The file could not be read. Is it damaged?',
  });
}
