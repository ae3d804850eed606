// Sandbox startup time, memory and page latency. Run: npx tsx bench/sandbox.bench.ts
// Prints one JSON line. Targets: default starts < 2 s and < 150 MB RSS; large starts
// < 3 s and serves any page of its million voice records in < 50 ms.
import { createHash } from 'node:crypto';
import { startSandbox, type Sandbox, type SandboxVolume } from '../src/main/sandbox';

const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
const PAGES_TO_TIME = 200;

function collectGarbage(): void {
  const gc: unknown = Reflect.get(globalThis, 'gc');
  if (typeof gc === 'function') gc();
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

async function post(
  sandbox: Sandbox,
  path: string,
  body: unknown,
): Promise<{ status: string; pages: number }> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const { apiKey, apiSecret } = sandbox.credentials;
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json;charset=UTF-8',
      'Api-Key': apiKey,
      Timestamp: timestamp,
      Sign: createHash('md5')
        .update(apiKey + apiSecret + timestamp)
        .digest('hex'),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { status: string; data: { pages: number } };
  return { status: answer.status, pages: answer.data.pages };
}

async function measureStart(
  volume: SandboxVolume,
): Promise<{ sandbox: Sandbox; startMs: number; rssMb: number }> {
  collectGarbage();
  const started = performance.now();
  const sandbox = await startSandbox({ volume });
  const startMs = performance.now() - started;
  collectGarbage();
  return { sandbox, startMs, rssMb: process.memoryUsage().rss / MB };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

async function main(): Promise<void> {
  const baselineRssMb = process.memoryUsage().rss / MB;

  const standard = await measureStart('default');
  await standard.sandbox.close();

  const large = await measureStart('large');
  const now = Date.now();
  const params = { strTime: iso(now - 31 * DAY_MS), endTime: iso(now) };
  const path = '/v3/voice/recordGroupQuery';
  const { pages } = await post(large.sandbox, path, { current: 1, size: 100, params });
  const timings: number[] = [];
  for (let i = 0; i < PAGES_TO_TIME; i++) {
    const current = 1 + Math.floor((i / PAGES_TO_TIME) * pages);
    const started = performance.now();
    const answer = await post(large.sandbox, path, { current, size: 100, params });
    timings.push(performance.now() - started);
    if (answer.status !== '0') throw new Error(`page ${current}: status ${answer.status}`);
  }
  const lastStarted = performance.now();
  await post(large.sandbox, path, { current: pages, size: 100, params });
  const lastPageMs = performance.now() - lastStarted;
  const largeRssAfterPagesMb = process.memoryUsage().rss / MB;
  await large.sandbox.close();

  timings.sort((a, b) => a - b);
  const round = (value: number): number => Math.round(value * 10) / 10;
  console.log(
    JSON.stringify({
      bench: 'sandbox',
      baselineRssMb: round(baselineRssMb),
      defaultStartMs: round(standard.startMs),
      defaultRssMb: round(standard.rssMb),
      largeStartMs: round(large.startMs),
      largeRssMb: round(large.rssMb),
      largeRssAfterPagesMb: round(largeRssAfterPagesMb),
      largeVoiceRecords: large.sandbox.data.voiceRecordCount,
      pagesInWindow: pages,
      pageSize: 100,
      pagesTimed: PAGES_TO_TIME,
      pageP50Ms: round(percentile(timings, 0.5)),
      pageP95Ms: round(percentile(timings, 0.95)),
      pageMaxMs: round(timings[timings.length - 1]),
      lastPageMs: round(lastPageMs),
    }),
  );
}

void main();
