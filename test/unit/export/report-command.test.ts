/**
 * `switchboard report` end to end: the built CLI against the sandbox writes the Summary
 * workbook (with the records too under --rows), keeps what it fetched in the archive, and
 * refuses bad usage with the reason and exit code 2.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { builtFile } from '../support/built';
import { rawRecords } from './expected';
import { daysOfParams, summaryTables } from './summary-support';
import { parseCsv, readWorkbook, scratchDir } from './support';

const DAY = 86_400_000;
const PLUS8 = parseTimeZone('+08:00') as TimeZone;

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; err: string }> {
  const child = spawn(process.execPath, [builtFile('main/cli.js'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, err })));
}

describe('switchboard report', () => {
  let sandbox: Sandbox;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let window: string[];
  let params: { strTime: string; endTime: string };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 31, volume: 'small' });
    dir = scratchDir();
    const anchor = sandbox.data.anchor.getTime();
    // The CLI's --to ends the window and is not taken in: it asks the platform up to the second
    // before it (the platform's endTime is the last second taken in), and the Summary's days end there.
    params = { strTime: formatIsoInZone(anchor - 3 * DAY, PLUS8), endTime: formatIsoInZone(anchor - 1000, PLUS8) };
    window = ['--from', params.strTime, '--to', formatIsoInZone(anchor, PLUS8)];
    env = {
      SWITCHBOARD_API_KEY: sandbox.credentials.apiKey,
      SWITCHBOARD_API_SECRET: sandbox.credentials.apiSecret,
      SWITCHBOARD_USER_DATA: join(dir, 'user-data'),
    };
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("warns that a window not over by the platform's clock holds only what had happened, and still writes it", async () => {
    const out = join(dir, 'today.xlsx');
    const now = Date.now();
    const today = ['--from', formatIsoInZone(now - DAY, PLUS8), '--to', formatIsoInZone(now + DAY, PLUS8)];
    const run = await cli(['report', 'voice', ...today, '--base-url', sandbox.baseUrl, '--out', out], env);
    expect(run.err).toMatch(/Warning: the window ends at .*, after the platform's time \(.*\): the report holds only what had happened by then\./);
    expect(run.code).toBe(0);
    expect(readdirSync(dir)).toContain('today.xlsx');
  });

  it('writes the Summary workbook of a window, says what it wrote, and keeps the records in the archive', async () => {
    const served = await rawRecords(sandbox, 'voiceRecords', params);
    expect(served.length).toBeGreaterThan(50);
    const out = join(dir, 'voice-report.xlsx');
    const run = await cli(['report', 'voice', ...window, '--base-url', sandbox.baseUrl, '--time-zone', 'Asia/Shanghai', '--out', out], env);
    expect(run.err).toMatch(
      new RegExp(`Wrote the summary of ${served.length.toLocaleString('en')} rows of Voice records to .*voice-report\\.xlsx \\(sheets: Summary, About\\)`),
    );
    expect(run.err).not.toMatch(/Warning/);
    expect(run.code).toBe(0);
    expect(readdirSync(dir).filter((name) => name.startsWith('voice-report'))).toEqual(['voice-report.xlsx']);
    const book = readWorkbook(out);
    expect(book.names).toEqual(['Summary', 'About']);
    const tables = summaryTables(book.sheets.Summary);
    expect(tables.Totals.find((row) => row.Figure === 'Calls')?.Value).toBe(served.length);
    expect(tables['By day']).toHaveLength(daysOfParams(params, 'Asia/Shanghai').length);
    expect(tables['By call status'].reduce((sum, row) => sum + Number(row.Calls), 0)).toBe(served.length);

    // Fetched through the archive, as `switchboard export` does: the archive now answers for the window.
    sandbox.clearRequestLog();
    const kept = join(dir, 'kept.csv');
    const fromArchive = await cli(['export', 'voice-records', ...window, '--base-url', sandbox.baseUrl, '--from-archive', '--out', kept], env);
    expect(fromArchive.code).toBe(0);
    expect(sandbox.requestLog).toEqual([]);
    expect(parseCsv(readFileSync(kept, 'utf8').slice(1)).rows.length - 1).toBe(served.length);
  }, 90_000);

  it('with --rows, adds the records sheet after the Summary', async () => {
    const served = await rawRecords(sandbox, 'numberRecords', params);
    const out = join(dir, 'numbers-report.xlsx');
    const run = await cli(['report', 'numbers', ...window, '--base-url', sandbox.baseUrl, '--rows', '--out', out], env);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/\(sheets: Summary, Number records, About\)/);
    const book = readWorkbook(out);
    expect(book.names).toEqual(['Summary', 'Number records', 'About']);
    expect(book.sheets['Number records'].length - 1).toBe(served.length);
    expect(summaryTables(book.sheets.Summary).Totals.find((row) => row.Figure === 'Calls')?.Value).toBe(served.length);
  }, 90_000);

  it('refuses a bad argument with what to fix, the usage and exit code 2, and writes nothing', async () => {
    const out = join(dir, 'bad.xlsx');
    const unknown = await cli(['report', 'calls', ...window, '--base-url', sandbox.baseUrl, '--out', out], env);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown report "calls": choose voice or numbers.');
    expect(unknown.err).toContain('Usage: switchboard report <voice|numbers>');
    const csv = await cli(['report', 'voice', ...window, '--base-url', sandbox.baseUrl, '--out', join(dir, 'bad.csv')], env);
    expect(csv.code).toBe(2);
    expect(csv.err).toContain('--out must end in .xlsx (a report is a workbook), not ".csv".');
    const noWindow = await cli(['report', 'voice', '--base-url', sandbox.baseUrl, '--out', out], env);
    expect(noWindow.code).toBe(2);
    expect(noWindow.err).toContain('needs both --from and --to');
    expect(existsSync(out)).toBe(false);
  }, 90_000);

  it('prints its usage for --help', async () => {
    const help = spawn(process.execPath, [builtFile('main/cli.js'), 'report', '--help']);
    let text = '';
    help.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    expect(await new Promise((resolve) => help.once('close', resolve))).toBe(0);
    expect(text).toContain('--rows');
  });
});
