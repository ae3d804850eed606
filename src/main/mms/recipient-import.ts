/**
 * Imports a recipients file the user picked: the bytes are parsed in a worker thread
 * (see recipient-file.ts for why) that is terminated after one file or when it runs
 * over its time limit, and only validated strings are taken back from it.
 *
 * The worker script: src/main/mms/import-worker.ts, bundled as out/main/mms-import-worker.js
 * (see worker-script.ts).
 */
import { Worker } from 'node:worker_threads';
import type { ImportedRecipients } from '../../shared/methods/mms';
import { currentLocale, m } from '../../shared/i18n';
import { isRecord } from '../../shared/parse';
import { fail, ok, type Result } from '../../shared/result';
import { workerScript, type WorkerScript } from '../worker-script';
import type { ImportQueue } from './import-queue';
import { fileKindOf, IMPORT_LIMITS, type ParsedColumn, type RecipientFileKind } from './recipient-file';

export type { WorkerScript };

export const IMPORT_TIME_LIMIT_MS = 5_000;
const WORKER_MEMORY_MB = 512;
const TERMINATE_GRACE_MS = 1_000;

/** The bundled worker next to the running code, else the TypeScript source through tsx. */
export function resolveWorkerScript(dir: string = __dirname): WorkerScript | null {
  return workerScript('mms-import-worker.js', 'import-worker.ts', dir);
}

export interface ImportOptions {
  timeLimitMs?: number;
  script?: WorkerScript | null;
  /** Where the read waits its turn; its time limit starts when its own worker runs. */
  queue?: ImportQueue;
}

export async function importRecipientFile(
  fileName: string,
  bytes: Uint8Array,
  options: ImportOptions = {},
): Promise<Result<ImportedRecipients>> {
  const kind = fileKindOf(fileName);
  if (!kind) return fail('unsupported-file', m.mms_import_unsupported(), fileName.slice(0, 120));
  if (bytes.length === 0) return fail('import-failed', m.mms_import_empty());
  if (bytes.length > IMPORT_LIMITS.maxBytes) {
    return fail('too-large', m.mms_import_too_large_split({ mb: String(IMPORT_LIMITS.maxBytes / 1024 / 1024) }));
  }
  const script = options.script === undefined ? resolveWorkerScript() : options.script;
  if (!script) return fail('internal', m.mms_import_reader_missing());
  const read = (): Promise<Result<unknown>> => runWorker(script, kind, bytes, options.timeLimitMs ?? IMPORT_TIME_LIMIT_MS);
  const answer = await (options.queue ? options.queue.run(read) : read());
  if (!answer.ok) return answer;
  const table = readAnswer(answer.value);
  if (!table.ok) return table;
  return ok({ fileName: fileName.slice(0, 200), ...table.value });
}

function runWorker(script: WorkerScript, kind: RecipientFileKind, bytes: Uint8Array, timeLimitMs: number): Promise<Result<unknown>> {
  return new Promise((resolve) => {
    const copy = new Uint8Array(bytes);
    const worker = new Worker(script.file, {
      workerData: { kind, bytes: copy, locale: currentLocale() },
      transferList: [copy.buffer],
      execArgv: script.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (result: Result<unknown>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // The next file's worker starts only once this one's memory is given back (or after a
      // grace period, should a thread stuck outside JavaScript not stop).
      const done = (): void => resolve(result);
      worker.terminate().then(done, done);
      setTimeout(done, TERMINATE_GRACE_MS).unref();
    };
    // Loading the parser is not the file's fault: the limit starts once the thread runs
    // (with a generous cap on start-up itself).
    let timer = setTimeout(() => finish(tooSlow(timeLimitMs)), timeLimitMs * 4);
    worker.once('online', () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(tooSlow(timeLimitMs)), timeLimitMs);
    });
    worker.once('message', (message: unknown) => finish(ok(message)));
    worker.once('error', (error: Error & { code?: string }) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? fail('import-failed', m.mms_import_too_complex())
          : fail('import-failed', m.mms_import_unreadable(), error.message.slice(0, 200)),
      ),
    );
    worker.once('exit', () => finish(fail('import-failed', m.mms_import_reader_stopped())));
  });
}

function tooSlow(limitMs: number): Result<never> {
  return fail('import-timeout', m.mms_import_timeout({ seconds: String(limitMs / 1000) }));
}

/** Takes back only what is expected: short strings in bounded lists, in fresh objects. */
export function readAnswer(message: unknown): Result<{ columns: ParsedColumn[]; rows: number; truncated: boolean }> {
  if (!isRecord(message)) return fail('import-failed', m.mms_import_bad_answer());
  if (message.ok !== true) {
    const text = typeof message.message === 'string' ? message.message.slice(0, 300) : m.mms_import_could_not_read();
    const detail = typeof message.detail === 'string' ? message.detail.slice(0, 200) : undefined;
    return fail('import-failed', text, detail);
  }
  const table = message.table;
  if (!isRecord(table) || !Array.isArray(table.columns) || table.columns.length > IMPORT_LIMITS.maxColumns) {
    return fail('import-failed', m.mms_import_bad_answer());
  }
  const columns: ParsedColumn[] = [];
  for (const column of table.columns as unknown[]) {
    if (!isRecord(column) || typeof column.name !== 'string' || !Array.isArray(column.values)) {
      return fail('import-failed', m.mms_import_bad_answer());
    }
    const values: string[] = [];
    for (const value of (column.values as unknown[]).slice(0, IMPORT_LIMITS.maxRows)) {
      values.push(typeof value === 'string' ? value.slice(0, IMPORT_LIMITS.maxCellChars + 1) : '');
    }
    columns.push({ name: column.name.slice(0, IMPORT_LIMITS.maxNameChars), values });
  }
  if (columns.length === 0) return fail('import-failed', m.mms_import_no_columns());
  const rows = Math.max(...columns.map((column) => column.values.length));
  return ok({ columns, rows, truncated: table.truncated === true });
}
