// Leak soak: `npm run soak` (node --expose-gc with tsx); `npm test` runs it after the unit tests.
// The real main services (memory keychain, browser desktop, silent log) with a large
// sandbox export 200,000 voice records to CSV through the fetch-all engine while -18,
// -15 and dropped connections are on, and another "screen" pages through seats and
// voice records at the same time. Then: exact row counts, no failure, the paging kept up
// beside the export, and after GC the heap is back within 10% of the baseline taken before.
// One JSON line with the figures; exit 1, saying why on stderr, when a check fails.
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { EventName, PayloadOf } from '../../src/shared/contract';
import type { ExportStarted, StartExportRequest } from '../../src/shared/methods/export';
import type { JobInfo } from '../../src/shared/methods/jobs';
import type { Result } from '../../src/shared/result';
import { formatIsoInZone, parseTimeZone } from '../../src/shared/time-zone';
import { createMemorySecretStore } from '../../src/main/accounts/secret-store';
import { createBrowserDesktop } from '../../src/main/browser-host/browser-desktop';
import { createLogger } from '../../src/main/log';
import { NO_FAULTS, type Sandbox } from '../../src/main/sandbox';
import { createServices } from '../../src/main/handlers';

const EXPORT_ROWS = 200_000;
const WARM_ROWS = 5_000;
const PAGE_SIZE = 100;
/** The paging "screen" stops after this many pages even if the export is still running. */
const MAX_BROWSE_PAGES = 3_000;
/** Fewer pages beside the export and the soak did not prove that paging goes on while it runs. */
const MIN_BROWSE_PAGES = 100;
const HEAP_TOLERANCE = 0.1;
/** Moderate faults: every read still succeeds within the client's retry budgets. */
const FAULTS = { errorRate: 0.03, rateLimitPerSecond: 100, dropRate: 0.01 };
/**
 * A few seconds in, the rate limit is squeezed for a moment: a busy machine may never send
 * 100 requests a second, and then the soak would prove nothing about -15.
 */
const SQUEEZE = { afterMs: 5_000, forMs: 2_000, rateLimitPerSecond: 10 };
const EXPORT_TIMEOUT_MS = 15 * 60_000;

/** `--expose-gc` may not reach a process started through a loader; the flag is set here too. */
function findGc(): () => void {
  const exposed: unknown = Reflect.get(globalThis, 'gc');
  if (typeof exposed === 'function') return () => exposed();
  setFlagsFromString('--expose-gc');
  const created: unknown = runInNewContext('gc');
  if (typeof created !== 'function') throw new Error('no gc(): run with node --expose-gc');
  return () => created();
}
const gc = findGc();

/** Several full collections with turns of the event loop between, so finalisers and closed sockets settle. */
async function settledHeap(): Promise<number> {
  for (let i = 0; i < 6; i++) {
    gc();
    await sleep(100);
  }
  gc();
  return process.memoryUsage().heapUsed;
}

/** Counts CSV records (RFC 4180: a quoted field may hold line ends) without holding the file. */
async function countCsvRecords(path: string): Promise<number> {
  let records = 0;
  let quoted = false;
  let previous = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) {
    const text = chunk as string;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (char === '"') quoted = !quoted;
      else if (char === '\n' && !quoted && previous === '\r') records++;
      previous = char;
    }
  }
  return records;
}

/** The newest `rows` records of the sandbox as a window (records are whole seconds, newest first). */
function windowOf(sandbox: Sandbox, rows: number, zoneName: string): { strTime: string; endTime: string } {
  const zone = parseTimeZone(zoneName);
  if (!zone) throw new Error(`unknown zone ${zoneName}`);
  const endMs = sandbox.data.anchor.getTime() - 1000;
  const oldestMs = Date.parse(String(sandbox.data.voiceRecordAt(rows - 1).submitTime));
  const nextMs = Date.parse(String(sandbox.data.voiceRecordAt(rows).submitTime));
  if (!(nextMs < oldestMs)) throw new Error(`records ${rows - 1} and ${rows} share a second`);
  const range = sandbox.data.voiceRecordRange(oldestMs, endMs);
  if (range.end - range.first !== rows) throw new Error(`the window holds ${range.end - range.first} records, not ${rows}`);
  return { strTime: formatIsoInZone(oldestMs, zone), endTime: formatIsoInZone(endMs, zone) };
}

async function main(): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'switchboard-soak-'));
  const exportDone = new Map<string, (done: JobInfo) => void>();
  const early = new Map<string, JobInfo>();
  const services = createServices({
    userDataDir: join(folder, 'user-data'),
    desktop: createBrowserDesktop(join(folder, 'exports')),
    log: createLogger({ console: false }),
    secrets: createMemorySecretStore(),
    sandboxOptions: { volume: 'large' },
    emit: <E extends EventName>(name: E, payload: PayloadOf<E>) => {
      if (name !== 'jobChanged') return;
      const done = payload as JobInfo;
      if (done.state === 'running') return;
      const waiter = exportDone.get(done.jobId);
      if (waiter) waiter(done);
      else early.set(done.jobId, done);
    },
  });
  const call = async <T>(method: string, input: unknown): Promise<Result<T>> =>
    (await services.dispatch(method, input)) as Result<T>;

  async function exportCsv(request: StartExportRequest): Promise<JobInfo> {
    const started = await call<ExportStarted>('startExport', request);
    if (!started.ok) throw new Error(`startExport failed: ${started.error.message}`);
    if (started.value.job === null) throw new Error('no path was chosen');
    const { jobId } = started.value.job;
    const finished = early.get(jobId);
    if (finished) return finished;
    return new Promise<JobInfo>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the export did not finish in time')), EXPORT_TIMEOUT_MS);
      exportDone.set(jobId, (done) => {
        clearTimeout(timer);
        resolve(done);
      });
    });
  }

  try {
    const sandbox = await services.sandbox.instance();
    const active = await call<{ id: string; timeZone: string } | null>('getActiveProfile', undefined);
    if (!active.ok || active.value === null) throw new Error('no active profile');
    const zone = active.value.timeZone;
    const window = windowOf(sandbox, EXPORT_ROWS, zone);
    const seats = sandbox.data.seats().length;
    const seatPages = Math.ceil(seats / PAGE_SIZE);

    // Warm up every path the soak uses, so the baseline holds the code and caches, not the work.
    for (let page = 1; page <= 3; page++) {
      await call('queryPage', { operation: 'voiceRecords', current: page, size: PAGE_SIZE, params: window });
      await call('queryPage', { operation: 'seats', current: 1, size: PAGE_SIZE, params: {} });
    }
    // A small export and some pages under the same faults, so retry paths are compiled before the baseline.
    sandbox.setFaults(FAULTS);
    const warm = await exportCsv({ operation: 'voiceRecords', params: windowOf(sandbox, WARM_ROWS, zone), format: 'csv', scope: 'all' });
    if (warm.state !== 'completed') throw new Error(`the warm-up export ${warm.state}: ${warm.error?.message ?? ''}`);
    if (warm.path) rmSync(warm.path, { force: true });
    for (let page = 1; page <= 20; page++) {
      await call('queryPage', { operation: 'voiceRecords', current: page, size: PAGE_SIZE, params: window });
    }
    sandbox.setFaults(NO_FAULTS);
    // The request log is the sandbox's test aid (the last 10,000 requests), not the services' memory.
    sandbox.clearRequestLog();
    const baseline = await settledHeap();

    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 200);
    const started = performance.now();
    sandbox.setFaults(FAULTS);
    let squeezed = false;
    const squeeze = setTimeout(() => {
      sandbox.setFaults({ rateLimitPerSecond: SQUEEZE.rateLimitPerSecond });
      squeezed = true;
    }, SQUEEZE.afterMs);
    const release = setTimeout(() => {
      if (squeezed) sandbox.setFaults({ rateLimitPerSecond: FAULTS.rateLimitPerSecond });
    }, SQUEEZE.afterMs + SQUEEZE.forMs);

    const failures: string[] = [];
    let pages = 0;
    let exporting = true;
    const browse = (async () => {
      const voicePages = Math.ceil(EXPORT_ROWS / PAGE_SIZE);
      for (let i = 0; exporting && i < MAX_BROWSE_PAGES; i++) {
        const request =
          i % 2 === 0
            ? { operation: 'seats', current: ((i / 2) % seatPages) + 1, size: PAGE_SIZE, params: {} }
            : { operation: 'voiceRecords', current: ((i * 37) % voicePages) + 1, size: PAGE_SIZE, params: window };
        const page = await call<{ records: unknown[]; total: number }>('queryPage', request);
        pages++;
        if (!page.ok) failures.push(`page ${request.operation} ${request.current}: ${page.error.code} ${page.error.message}`);
        else if (request.operation === 'seats' && page.value.total !== seats) failures.push(`seats total ${page.value.total}, not ${seats}`);
        else if (request.operation === 'voiceRecords' && page.value.total !== EXPORT_ROWS)
          failures.push(`voice records total ${page.value.total}, not ${EXPORT_ROWS}`);
      }
    })();

    const done = await exportCsv({ operation: 'voiceRecords', params: window, format: 'csv', scope: 'all' });
    exporting = false;
    await browse;
    const elapsedMs = performance.now() - started;
    clearTimeout(squeeze);
    clearTimeout(release);
    sandbox.setFaults(NO_FAULTS);
    clearInterval(sampler);
    // The sandbox keeps the last 10,000 requests: enough to see that each fault happened.
    const faults = { systemError: 0, rateLimit: 0, drop: 0 };
    for (const { fault } of sandbox.requestLog) {
      if (fault === 'systemError' || fault === 'rateLimit' || fault === 'drop') faults[fault]++;
    }

    let fileRecords = 0;
    if (done.state !== 'completed') failures.push(`export ${done.state}: ${done.error?.code ?? ''} ${done.error?.message ?? ''}`);
    else {
      fileRecords = (await countCsvRecords(done.path ?? '')) - 1; // less the header
      if (done.rows !== EXPORT_ROWS) failures.push(`export reported ${done.rows} rows, not ${EXPORT_ROWS}`);
      if (fileRecords !== EXPORT_ROWS) failures.push(`the file holds ${fileRecords} records, not ${EXPORT_ROWS}`);
    }
    if (done.path) rmSync(done.path, { force: true });
    for (const [fault, count] of Object.entries(faults)) if (count === 0) failures.push(`no ${fault} fault happened: the soak proved less than it says`);
    if (pages <= MIN_BROWSE_PAGES) failures.push(`only ${pages} pages were read beside the export, not more than ${MIN_BROWSE_PAGES}`);

    sandbox.clearRequestLog();
    // An idle app has written what it fetched to the archive (at most BACKLOG_MAX_ROWS behind),
    // and its keep-alive sockets close after their idle timeout.
    await services.archives.settle(active.value.id);
    await sleep(1000);
    const after = await settledHeap();
    const ratio = after / baseline;
    if (ratio > 1 + HEAP_TOLERANCE) failures.push(`heap after GC is ${(ratio * 100 - 100).toFixed(1)}% above the baseline`);

    const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;
    console.log(
      JSON.stringify({
        soak: 'fetch-all-export',
        baselineMb: mb(baseline),
        peakMb: mb(peak),
        afterMb: mb(after),
        ratio: Math.round(ratio * 1000) / 1000,
        rows: fileRecords,
        exportRows: done.rows,
        pages,
        faults,
        elapsedS: Math.round(elapsedMs / 100) / 10,
        failures: failures.length,
      }),
    );
    for (const failure of failures.slice(0, 20)) console.error(`soak: ${failure}`);
    return failures.length === 0 ? 0 : 1;
  } finally {
    await services.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('soak crashed:', error);
    process.exit(1);
  },
);
