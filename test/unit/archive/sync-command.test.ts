/** `switchboard sync` and `switchboard export --from-archive` against the sandbox. */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveStore } from '../../../src/main/archive/archive-store';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { createExportCommand } from '../../../src/main/cli/export-command';
import { createSyncCommand } from '../../../src/main/cli/sync-command';
import { createLogger } from '../../../src/main/log';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { listOf } from '../../../src/shared/operations';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { builtFile } from '../support/built';
import { parseCsv, scratchDir } from '../export/support';

const DAY = 86_400_000;
const PLUS8 = parseTimeZone('+08:00') as TimeZone;
const iso = (ms: number): string => formatIsoInZone(ms, PLUS8);
const VOICE_PATH = listOf('voiceRecords').endpoint.path;
const log = createLogger({ console: false });

function capture() {
  const err: string[] = [];
  return { io: { out: () => undefined, err: (text: string) => err.push(text) }, err };
}

describe('switchboard sync and export --from-archive', () => {
  let sandbox: Sandbox;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let anchor: number;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 21, volume: 'small' });
    anchor = sandbox.data.anchor.getTime();
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(() => {
    sandbox.setFaults({ errorRate: 0, dropRate: 0, rateLimitPerSecond: 0, latencyMs: 0 });
    dir = scratchDir();
    env = {
      SWITCHBOARD_API_KEY: sandbox.credentials.apiKey,
      SWITCHBOARD_API_SECRET: sandbox.credentials.apiSecret,
      SWITCHBOARD_USER_DATA: join(dir, 'user-data'),
    };
  });

  const sync = async (args: string[]) => {
    const captured = capture();
    const code = await createSyncCommand({ env, log }).run(
      [...args, '--base-url', sandbox.baseUrl],
      captured.io,
    );
    return { code, err: captured.err };
  };
  const exportTo = async (args: string[]) => {
    const captured = capture();
    const code = await createExportCommand({ env, log, progressIntervalMs: 0 }).run(
      [...args, '--base-url', sandbox.baseUrl, '--time-zone', '+08:00'],
      captured.io,
    );
    return { code, err: captured.err };
  };
  const voiceRequests = () => sandbox.requestLog.filter((entry) => entry.path === VOICE_PATH).length;
  const voiceIds = (fromMs: number, toMs: number): string[] => {
    const range = sandbox.data.voiceRecordRange(fromMs, toMs);
    return Array.from(
      { length: range.end - range.first },
      (_, i) => sandbox.data.voiceRecordAt(range.first + i).voiceId,
    );
  };
  const archivedVoiceIds = async (): Promise<string[]> => {
    const folder = join(dir, 'user-data', 'archive');
    const file = readdirSync(folder).find((name) => name.endsWith('.duckdb'));
    if (!file) throw new Error('no archive file');
    const { store } = await ArchiveStore.open(join(folder, file));
    try {
      const page = await store.page(archiveTableFor('voiceRecords'), {}, 0, 1_000_000);
      return page.records.map((record) => record.voiceId ?? '');
    } finally {
      await store.close();
    }
  };

  it('a sync a day later fetches only the new day (with the refresh window), and prints a summary', async () => {
    const from = anchor - 60 * DAY;
    const first = await sync(['voice-records', '--from', iso(from), '--to', iso(anchor - DAY)]);
    expect(first.code).toBe(0);
    expect(first.err.at(-1)).toMatch(/^voice-records: \d+ ranges? fetched, [\d,]+ rows in [\d.]+ s\.$/);

    sandbox.clearRequestLog();
    const second = await sync(['voice-records', '--from', iso(from), '--to', iso(anchor)]);
    expect(second.code).toBe(0);
    expect(second.err.at(-1)).toMatch(/^voice-records: 1 range fetched, /);
    // The last day, one request per page of 100, and one more for the moments of it this sync settles (the day
    // before the computer's time, read apart from the refresh window): nothing older was asked for again.
    const pages = Math.max(1, Math.ceil(voiceIds(anchor - DAY, anchor + 1).length / 100));
    expect(voiceRequests()).toBeGreaterThanOrEqual(pages);
    expect(voiceRequests()).toBeLessThanOrEqual(pages + 1);

    const archived = await archivedVoiceIds();
    expect(archived.length).toBe(new Set(archived).size);
    expect(new Set(archived)).toEqual(new Set(voiceIds(from, anchor + 1)));
  }, 90_000);

  it('a sync killed mid-way and a new sync end with exactly the sandbox records', async () => {
    const from = anchor - 30 * DAY;
    const args = [
      'sync',
      'voice-records',
      '--from',
      iso(from),
      '--to',
      iso(anchor),
      '--base-url',
      sandbox.baseUrl,
    ];
    sandbox.setFaults({ latencyMs: 40 });
    sandbox.clearRequestLog();
    const child = spawn(process.execPath, [builtFile('main/cli.js'), ...args], {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await expect.poll(() => voiceRequests(), { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(8);
    child.kill('SIGKILL');
    await exited;
    sandbox.setFaults({ latencyMs: 0 });

    const resumed = await sync(['voice-records', '--from', iso(from), '--to', iso(anchor)]);
    expect(resumed.code).toBe(0);
    const archived = await archivedVoiceIds();
    expect(archived.length).toBe(new Set(archived).size);
    expect(new Set(archived)).toEqual(new Set(voiceIds(from, anchor + 1)));
  }, 90_000);

  it('an export from the archive sends no request and equals the export from the platform cell for cell', async () => {
    const window = ['--from', iso(anchor - 3 * DAY), '--to', iso(anchor - DAY)];
    const live = join(dir, 'live.csv');
    expect((await exportTo(['voice-records', ...window, '--out', live])).code).toBe(0);

    sandbox.clearRequestLog();
    const kept = join(dir, 'kept.csv');
    const fromArchive = await exportTo(['voice-records', ...window, '--out', kept, '--from-archive']);
    expect(fromArchive.code).toBe(0);
    expect(sandbox.requestLog).toEqual([]);
    const rowsOf = (path: string) => {
      const rows = parseCsv(readFileSync(path, 'utf8').slice(1)).rows;
      const [header, ...body] = rows;
      return { header, body: body.sort((a, b) => a.join('\u0000').localeCompare(b.join('\u0000'))) };
    };
    const expected = rowsOf(live);
    expect(expected.body.length).toBeGreaterThan(0);
    expect(rowsOf(kept)).toEqual(expected);
  }, 90_000);

  it('writes Parquet from the archive under its partial name, renamed when complete', async () => {
    const window = ['--from', iso(anchor - 2 * DAY), '--to', iso(anchor - DAY)];
    expect((await sync(['voice-records', ...window])).code).toBe(0);
    const out = join(dir, 'voice.parquet');
    const written = await exportTo(['voice-records', ...window, '--out', out, '--from-archive']);
    expect(written.code).toBe(0);
    expect(readdirSync(dir).filter((name) => name.startsWith('voice.parquet'))).toEqual(['voice.parquet']);
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    const read = await connection.runAndReadAll(`SELECT voiceId, typeof(callTime) FROM '${out}'`);
    const rows = read.getRowsJS();
    expect(new Set(rows.map((row) => String(row[0])))).toEqual(
      new Set(voiceIds(anchor - 2 * DAY, anchor - DAY + 1)),
    );
    expect(String(rows[0]?.[1])).toMatch(/TIMESTAMP/);
    connection.closeSync();
    db.closeSync();
  }, 90_000);

  it('refuses filters the archive cannot apply, in plain words, and writes nothing', async () => {
    const out = join(dir, 'seats.csv');
    await expect(exportTo(['seats', '--param', 'enable=1', '--out', out, '--from-archive'])).rejects.toThrow(
      /seats can be read as a whole list only: leave out enable/,
    );
    expect(existsSync(out)).toBe(false);
  });
});
