/**
 * `switchboard export` with --search, --filter, --sort and --columns: the file holds the
 * rows the same query shows on a list screen, in its order and columns, checked against
 * plain filters of the sandbox's own records.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createExportCommand } from '../../../src/main/cli/export-command';
import { createSyncCommand } from '../../../src/main/cli/sync-command';
import { createLogger } from '../../../src/main/log';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { parseCsv, scratchDir } from '../export/support';

const DAY = 86_400_000;
const PLUS8 = parseTimeZone('+08:00') as TimeZone;
const iso = (ms: number): string => formatIsoInZone(ms, PLUS8);
const log = createLogger({ console: false });

describe('switchboard export narrowed as a list screen narrows', () => {
  let sandbox: Sandbox;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let window: string[];
  /** The sandbox's records in the window, raw. */
  let records: { voiceId: string; callStatus: unknown; callDuration: unknown; callee: unknown }[];

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 33, volume: 'small' });
    const anchor = sandbox.data.anchor.getTime();
    const [fromMs, toMs] = [anchor - 2 * DAY, anchor - DAY];
    window = ['--from', iso(fromMs), '--to', iso(toMs)];
    const range = sandbox.data.voiceRecordRange(fromMs, toMs - 1000);
    records = Array.from({ length: range.end - range.first }, (_, i) => sandbox.data.voiceRecordAt(range.first + i));
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(() => {
    dir = scratchDir();
    env = {
      SWITCHBOARD_API_KEY: sandbox.credentials.apiKey,
      SWITCHBOARD_API_SECRET: sandbox.credentials.apiSecret,
      SWITCHBOARD_USER_DATA: join(dir, 'user-data'),
    };
  });

  const run = async (command: 'sync' | 'export', args: string[]): Promise<{ code: number; err: string[] }> => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (text: string) => void err.push(text) };
    const create = command === 'sync' ? createSyncCommand({ env, log }) : createExportCommand({ env, log, progressIntervalMs: 0 });
    const code = await create.run([...args, '--base-url', sandbox.baseUrl, '--platform-zone', '+08:00'], io);
    return { code, err };
  };
  const table = (path: string): string[][] => parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')).rows.filter((row) => row.join('') !== '');

  it('from the archive: only connected calls with a 7 shown in them, longest first, in three chosen columns', async () => {
    expect((await run('sync', ['voice-records', ...window])).code).toBe(0);
    const out = join(dir, 'connected.csv');
    const exported = await run('export', [
      'voice-records', ...window, '--from-archive', '--out', out,
      '--filter', 'callStatus=connected', '--search', '7',
      '--sort', 'callDuration:desc', '--columns', 'voiceId,callStatus,callDuration',
    ]);
    expect(exported.err.join('\n')).toMatch(/Exported [\d,]+ voice-records rows/);
    expect(exported.code).toBe(0);
    const [header, ...rows] = table(out);
    expect(header).toEqual(['Voice id', 'Call status', 'Call status (label)', 'Duration (s)']);
    const expected = records.filter((record) => Number(record.callStatus) === 50 && JSON.stringify(Object.values(record)).includes('7'));
    expect(expected.length).toBeGreaterThan(0);
    // Every connected call with a 7 somewhere in its values is a connected call the search finds.
    expect(rows.length).toBeLessThanOrEqual(expected.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map(([, code, label]) => `${code} ${label}`))).toEqual(new Set(['50 connected']));
    expect(rows.map(([, , , seconds]) => Number(seconds))).toEqual(rows.map(([id]) => Number(records.find((record) => record.voiceId === id)?.callDuration)));
    const durations = rows.map(([id]) => Number(records.find((record) => record.voiceId === id)?.callDuration));
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
    const connected = records.filter((record) => Number(record.callStatus) === 50);
    const all = join(dir, 'all-connected.csv');
    expect((await run('export', ['voice-records', ...window, '--from-archive', '--out', all, '--filter', 'callStatus=connected'])).code).toBe(0);
    expect(new Set(table(all).slice(1).map((row) => row[0]))).toEqual(new Set(connected.map((record) => record.voiceId)));
  }, 90_000);

  it('from the platform: the same filter keeps the same rows', async () => {
    const out = join(dir, 'live.csv');
    const exported = await run('export', ['voice-records', ...window, '--out', out, '--filter', 'callStatus=connected', '--columns', 'voiceId']);
    expect(exported.code).toBe(0);
    const [header, ...rows] = table(out);
    expect(header).toEqual(['Voice id']);
    expect(new Set(rows.map(([id]) => id))).toEqual(new Set(records.filter((record) => Number(record.callStatus) === 50).map((record) => record.voiceId)));
  }, 90_000);

  it.each([
    [['--sort', 'callDuration'], /--sort needs --from-archive/],
    [['--filter', 'nosuch=1'], /voice-records has no column "nosuch"; its columns are voiceId, /],
    [['--filter', 'callee'], /--filter takes KEY=TEXT/],
    [['--sort', 'callDuration:down', '--from-archive'], /--sort takes KEY, KEY:asc or KEY:desc/],
    [['--columns', ' , '], /--columns needs at least one column key/],
    [['--columns', 'voiceId,voiceId'], /--columns names "voiceId" twice/],
    [['--filter', 'callDuration=>= x', '--from-archive'], /Duration/],
  ])('refuses %j in plain words, before anything is sent', async (args, message) => {
    sandbox.clearRequestLog();
    await expect(run('export', ['voice-records', ...window, '--out', join(dir, 'x.csv'), ...args])).rejects.toThrow(message);
    expect(sandbox.requestLog).toEqual([]);
  });

  it('a .parquet file takes every column: --columns is refused', async () => {
    await expect(run('export', ['voice-records', ...window, '--out', join(dir, 'x.parquet'), '--columns', 'voiceId', '--from-archive'])).rejects.toThrow(
      /--columns applies to .xlsx and .csv/,
    );
  });
});
