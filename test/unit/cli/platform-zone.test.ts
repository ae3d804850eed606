/**
 * The zone of the platform's offset-less times belongs to the connection, not to the
 * computer: `switchboard export` of number and voice records, run under TZ=UTC,
 * Asia/Shanghai and America/New_York, writes the same instants (each CSV names the zone
 * its date-times are in), the sandbox's own; and `sync` then `export --from-archive` of
 * the same window on a UTC machine keeps every record with the same instants.
 *
 * The CLI runs from source (tsx) in a child process, so TZ is the child's clock zone.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { parseLocalDateTime } from '../../../src/main/sandbox/time';
import { listOf, type ListOperation } from '../../../src/shared/operations';
import {
  formatIsoInZone,
  parseIsoInstant,
  parseTimeZone,
  parseWallTimeText,
  type TimeZone,
  wallTimeToEpochMs,
} from '../../../src/shared/time-zone';
import { parseCsv, scratchDir } from '../export/support';
import { projectRoot } from '../support/built';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const PLUS8 = parseTimeZone('+08:00') as TimeZone;
const MACHINE_ZONES = ['UTC', 'Asia/Shanghai', 'America/New_York'] as const;

interface Run {
  code: number | null;
  err: string;
}

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'main', 'cli.ts'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, err })));
}

/** Each time column of a CSV export as instants, read in the zone its header names ("Started (+08:00)"), by row id. */
function instantsOf(path: string, operation: ListOperation, idHeader: string): Map<string, (number | null)[]> {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')).rows;
  const timeHeaders = listOf(operation)
    .columns.filter((column) => column.kind === 'time')
    .map((column) => column.header());
  expect(timeHeaders.length).toBeGreaterThan(0);
  const timeColumns = timeHeaders.map((name) => {
    const index = header.findIndex((cell) => cell.startsWith(`${name} (`) && cell.endsWith(')'));
    expect(index, `the CSV names the zone of "${name}" in its header: ${header.join(' | ')}`).toBeGreaterThanOrEqual(0);
    const zone = parseTimeZone(header[index].slice(name.length + 2, -1));
    expect(zone, `a zone in "${header[index]}"`).not.toBeNull();
    return { index, zone: zone as TimeZone };
  });
  const idIndex = header.indexOf(idHeader);
  expect(idIndex).toBeGreaterThanOrEqual(0);
  const byId = new Map<string, (number | null)[]>();
  for (const row of rows.filter((cells) => cells.length > 1)) {
    byId.set(
      row[idIndex],
      timeColumns.map(({ index, zone }) => {
        const wall = row[index] === '' ? null : parseWallTimeText(row[index]);
        return wall === null ? null : wallTimeToEpochMs(wall, zone);
      }),
    );
  }
  return byId;
}

describe('one zone for the platform\'s offset-less times, whatever the computer\'s clock', () => {
  let sandbox: Sandbox;
  let dir: string;
  let window: { fromMs: number; toMs: number; args: string[] };
  const credentials = (userData: string, machineZone: string): NodeJS.ProcessEnv => ({
    TZ: machineZone,
    SWITCHBOARD_API_KEY: sandbox.credentials.apiKey,
    SWITCHBOARD_API_SECRET: sandbox.credentials.apiSecret,
    SWITCHBOARD_USER_DATA: join(dir, userData),
  });

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 25, volume: 'small' });
    dir = scratchDir();
    const anchor = sandbox.data.anchor.getTime();
    // Twenty days that do not start or end on a midnight of any of the three zones' clocks.
    const fromMs = anchor - 21 * DAY + 5 * HOUR;
    const toMs = anchor - DAY + 5 * HOUR;
    window = { fromMs, toMs, args: ['--from', formatIsoInZone(fromMs, PLUS8), '--to', formatIsoInZone(toMs, PLUS8)] };
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the sandbox serves in the window: each record's time columns as instants (its offset-less texts are +08:00). */
  function served(operation: 'numberRecords' | 'voiceRecords'): Map<string, (number | null)[]> {
    const truth = new Map<string, (number | null)[]>();
    if (operation === 'numberRecords') {
      const range = sandbox.data.numberRecordRange(window.fromMs, window.toMs);
      for (let i = range.first; i < range.end; i++) {
        const record = sandbox.data.numberRecordAt(i);
        truth.set(record.callid, [parseLocalDateTime(record.startTime), parseLocalDateTime(record.endTime)]);
      }
    } else {
      const range = sandbox.data.voiceRecordRange(window.fromMs, window.toMs);
      const times = ['submitTime', 'callTime', 'ringingTime', 'answerTime', 'hangupTime'] as const;
      for (let i = range.first; i < range.end; i++) {
        const record = sandbox.data.voiceRecordAt(i) as unknown as Record<string, unknown>;
        truth.set(
          String(record.voiceId),
          times.map((key) => (typeof record[key] === 'string' && record[key] !== '' ? parseIsoInstant(record[key]) : null)),
        );
      }
    }
    return truth;
  }

  const cases = [
    { operation: 'numberRecords', slug: 'number-records', id: 'Call id' },
    { operation: 'voiceRecords', slug: 'voice-records', id: 'Voice id' },
  ] as const;

  for (const { operation, slug, id } of cases) {
    it(`${slug}: the same instants under TZ=${MACHINE_ZONES.join(', ')}, the sandbox's own`, async () => {
      const truth = served(operation);
      expect(truth.size).toBeGreaterThan(50);
      // The voice columns this test knows are the list's time columns, in order.
      expect(listOf(operation).columns.filter((column) => column.kind === 'time').length).toBe(truth.values().next().value?.length);
      const runs = await Promise.all(
        MACHINE_ZONES.map(async (machineZone) => {
          const out = join(dir, `${slug}-${machineZone.replace('/', '-')}.csv`);
          const run = await cli(
            ['export', slug, ...window.args, '--base-url', sandbox.baseUrl, '--out', out],
            credentials(`user-data-${slug}-${machineZone.replace('/', '-')}`, machineZone),
          );
          return { machineZone, run, out };
        }),
      );
      for (const { machineZone, run, out } of runs) {
        expect(run.code, `TZ=${machineZone}: ${run.err}`).toBe(0);
        expect(instantsOf(out, operation, id), `TZ=${machineZone}`).toEqual(truth);
      }
    }, 120_000);
  }

  it('sync then export --from-archive on a UTC machine keeps every record of the window with the same instants', async () => {
    const env = credentials('user-data-archive', 'UTC');
    const synced = await cli(['sync', 'number-records', 'voice-records', ...window.args, '--base-url', sandbox.baseUrl], env);
    expect(synced.code, synced.err).toBe(0);
    for (const { operation, slug, id } of cases) {
      const out = join(dir, `${slug}-archive.csv`);
      const kept = await cli(
        ['export', slug, ...window.args, '--base-url', sandbox.baseUrl, '--from-archive', '--out', out],
        env,
      );
      expect(kept.code, kept.err).toBe(0);
      expect(instantsOf(out, operation, id), slug).toEqual(served(operation));
    }
  }, 120_000);
});
