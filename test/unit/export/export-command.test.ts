/** `switchboard export` against the sandbox, with faults: exact records, exit codes, and no file when it fails. */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Accounts } from '../../../src/main/accounts/accounts';
import { ProfileStore } from '../../../src/main/accounts/profile-store';
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import { createExportCommand, type ExportCommandDeps } from '../../../src/main/cli/export-command';
import { runCli } from '../../../src/main/cli/run';
import { createLogger } from '../../../src/main/log';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { formatIsoInZone, parseTimeZone } from '../../../src/shared/time-zone';
import { differences } from './check';
import { expectedColumns, rawRecords } from './expected';
import { parseCsv, readWorkbook, scratchDir } from './support';

const DAY = 86_400_000;

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) }, out, err };
}

describe('switchboard export', () => {
  let sandbox: Sandbox;
  let dir: string;
  let from: string;
  let to: string;
  let env: NodeJS.ProcessEnv;
  const log = createLogger({ console: false });

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 11, volume: 'default' });
    const zone = parseTimeZone('+08:00');
    if (!zone) throw new Error('zone');
    const anchor = sandbox.data.anchor.getTime();
    from = formatIsoInZone(anchor - 2 * DAY, zone);
    to = formatIsoInZone(anchor, zone);
    env = {
      SWITCHBOARD_API_KEY: sandbox.credentials.apiKey,
      SWITCHBOARD_API_SECRET: sandbox.credentials.apiSecret,
      // Exports keep what they fetch in an archive in the user-data folder: a scratch one here.
      SWITCHBOARD_USER_DATA: join(scratchDir(), 'user-data'),
    };
  });
  beforeEach(() => {
    sandbox.setFaults({ errorRate: 0, dropRate: 0, rateLimitPerSecond: 0, latencyMs: 0 });
    dir = scratchDir();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const run = (args: string[], deps: ExportCommandDeps = {}) => {
    const captured = capture();
    const command = createExportCommand({ env, log, progressIntervalMs: 0, ...deps });
    return { captured, done: command.run(args, captured.io) };
  };

  it('exports exactly the sandbox\'s records to .xlsx through -18, -15 and dropped connections', async () => {
    const zone = parseTimeZone('+08:00');
    if (!zone) throw new Error('zone');
    const from = formatIsoInZone(sandbox.data.anchor.getTime() - 6 * DAY, zone);
    const served = await rawRecords(sandbox, 'voiceRecords', { strTime: from, endTime: to });
    sandbox.setFaults({ errorRate: 0.1, dropRate: 0.1, rateLimitPerSecond: 6 });
    sandbox.clearRequestLog();
    const out = join(dir, 'voice.xlsx');
    const { captured, done } = run([
      'voice-records', '--base-url', sandbox.baseUrl, '--from', from, '--to', to,
      '--time-zone', '+08:00', '--concurrency', '4', '--out', out,
    ]);
    expect(await done).toBe(0);
    const faults = sandbox.requestLog.map((entry) => entry.fault);
    expect(faults).toContain('systemError');
    expect(faults).toContain('drop');
    expect(faults).toContain('rateLimit');
    const { names, sheets } = readWorkbook(out);
    expect(names).toEqual(['Summary', 'Voice records', 'About']);
    expect(differences(sheets['Voice records'], expectedColumns('voiceRecords'), served, 'xlsx')).toEqual([]);
    expect(readdirSync(dir)).toEqual(['voice.xlsx']);
    expect(captured.err.some((line) => /^voice-records: [\d,]+ of [\d,]+ rows/.test(line))).toBe(true);
    expect(captured.err.at(-1)).toMatch(new RegExp(`^Exported ${served.length.toLocaleString('en')} voice-records rows to `));
  }, 90_000);

  it('fetches a window over 31 days in parts, to .csv, with faults: every record once, in order', async () => {
    const zone = parseTimeZone('+08:00');
    if (!zone) throw new Error('zone');
    const anchor = sandbox.data.anchor.getTime();
    const start = formatIsoInZone(anchor - 40 * DAY, zone);
    const served = [
      ...(await rawRecords(sandbox, 'numberRecords', { strTime: formatIsoInZone(anchor - 20 * DAY, zone), endTime: to })),
      ...(await rawRecords(sandbox, 'numberRecords', { strTime: start, endTime: formatIsoInZone(anchor - 20 * DAY, zone) })),
    ];
    const unique = served.filter((record, i) => served.findIndex((other) => other.callid === record.callid) === i);
    sandbox.setFaults({ errorRate: 0.1, dropRate: 0.05, rateLimitPerSecond: 6 });
    const out = join(dir, 'numbers.csv');
    const { captured, done } = run(['number-records', '--base-url', sandbox.baseUrl, '--from', start, '--to', to, '--time-zone', '+08:00', '--out', out]);
    expect(await done).toBe(0);
    expect(captured.err.at(-1)).toMatch(/; times are in \+08:00\.$/);
    const ids = parseCsv(readFileSync(out, 'utf8').slice(1)).rows.slice(1).map((row) => row[0]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(unique.map((record) => String(record.callid)).sort());
  }, 90_000);

  it('uses a profile from the app, its secret from the keychain', async () => {
    const userData = join(dir, 'user-data');
    const secrets = createMemorySecretStore();
    const accounts = new Accounts({
      store: new ProfileStore(join(userData, 'profiles.json')),
      secrets,
      log,
      sandbox: async () => ({ baseUrl: sandbox.baseUrl, ...sandbox.credentials }),
      sandboxAddress: () => null,
    });
    await accounts.save({
      name: 'Night shift',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.credentials.apiKey,
      apiSecret: sandbox.credentials.apiSecret,
      defaultAppId: '',
      timeZone: '+08:00',
      pageSize: 25,
    });
    const out = join(dir, 'seats.xlsx');
    const { done } = run(['seats', '--profile', 'Night shift', '--out', out], { env: { SWITCHBOARD_USER_DATA: userData }, secrets });
    expect(await done).toBe(0);
    const served = await rawRecords(sandbox, 'seats', {});
    const { names, sheets } = readWorkbook(out);
    expect(differences(sheets[names[0]], expectedColumns('seats'), served, 'xlsx')).toEqual([]);
    const about = Object.fromEntries(sheets.About.slice(1));
    expect(about.Profile).toBe('Night shift');
  });

  it('exits 1 with the code, our message and the server\'s reason, and writes no file', async () => {
    const out = join(dir, 'voice.xlsx');
    const { captured, done } = run(['voice-records', '--base-url', sandbox.baseUrl, '--from', from, '--to', to, '--out', out], {
      env: { SWITCHBOARD_API_KEY: sandbox.credentials.apiKey, SWITCHBOARD_API_SECRET: 'wrong-secret' },
    });
    expect(await done).toBe(1);
    const text = captured.err.join('\n');
    expect(text).toMatch(/Export failed \[platform:-\d+\]: .+/);
    expect(text).toMatch(/Server said: .+/);
    expect(text).not.toContain('wrong-secret');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no partial file behind when a .parquet export fails at the platform, so the name can be used again', async () => {
    const out = join(dir, 'voice.parquet');
    const args = ['voice-records', '--base-url', sandbox.baseUrl, '--from', from, '--to', to, '--out', out];
    const wrong = run(args, { env: { ...env, SWITCHBOARD_API_SECRET: 'wrong-secret' } });
    expect(await wrong.done).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
    const again = run(args);
    expect(await again.done).toBe(0);
    expect(readdirSync(dir)).toEqual(['voice.parquet']);
  });

  it('refuses an --out that is a folder before asking the platform for anything, saying so', async () => {
    for (const name of ['folder.xlsx', 'folder.csv', 'folder.parquet']) {
      const out = join(dir, name);
      mkdirSync(out);
      sandbox.clearRequestLog();
      const { captured, done } = run(['seats', '--base-url', sandbox.baseUrl, '--out', out]);
      expect(await done).toBe(1);
      const text = captured.err.join('\n');
      expect(text).toContain(`${out} is a folder`);
      expect(text).not.toMatch(/EISDIR|rename/);
      expect(sandbox.requestLog).toEqual([]);
      expect(readdirSync(dir).sort()).toEqual([name]);
      rmSync(out, { recursive: true });
    }
  });

  it('leaves no file when interrupted', async () => {
    sandbox.setFaults({ latencyMs: 40 });
    const out = join(dir, 'voice.csv');
    let interrupt = (): void => {};
    const captured = capture();
    const command = createExportCommand({
      env,
      log,
      progressIntervalMs: 0,
      onInterrupt: (cancel) => {
        interrupt = cancel;
        return () => {};
      },
    });
    const io = {
      out: captured.io.out,
      err: (text: string) => {
        captured.io.err(text);
        if (/rows/.test(text)) interrupt();
      },
    };
    const code = await command.run(['voice-records', '--base-url', sandbox.baseUrl, '--from', from, '--to', to, '--concurrency', '1', '--out', out], io);
    expect(code).toBe(1);
    expect(captured.err.at(-1)).toBe('Export cancelled; no file was written.');
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    [['voice-records', '--base-url', 'http://127.0.0.1:9', '--from', '2026-11-01T00:00:00+08:00', '--to', '2026-11-02T00:00:00+08:00'], '--out FILE is required'],
    [['voice-records', '--out', 'x.pdf'], '--out must end in .xlsx, .csv or .parquet'],
    [['calls', '--out', 'x.csv'], 'Unknown list "calls"'],
    [['voice-records', '--base-url', 'http://127.0.0.1:9', '--out', 'x.csv'], 'voice-records needs both --from and --to'],
    [['voice-records', '--base-url', 'http://127.0.0.1:9', '--out', 'x.csv', '--from', '2026-11-01', '--to', '2026-11-02T00:00:00+08:00'], '--from must be ISO 8601 with an offset'],
    [['task-details', '--base-url', 'http://127.0.0.1:9', '--out', 'x.csv', '--param', 'colour=red'], 'task-details has no filter "colour"'],
    [['task-details', '--base-url', 'http://127.0.0.1:9', '--out', 'x.csv', '--param', 'taskId=abc'], '--param taskId takes a whole number'],
    [['seats', '--profile', 'x', '--base-url', 'http://127.0.0.1:9', '--out', 'x.csv'], 'Give --profile or --base-url, not both'],
    [['seats', '--base-url', 'http://example.com', '--out', 'x.csv'], 'Use an https:// address'],
    [['seats', '--out', 'x.csv', '--concurrency', '40'], '--concurrency must be a whole number from 1 to 16'],
    [['seats', '--out', 'x.csv', '--time-zone', 'Mars/Olympus'], '--time-zone must be'],
  ])('exits 2 with the usage on bad usage: %j', async (args, message) => {
    const captured = capture();
    expect(await runCli(['export', ...args], captured.io)).toBe(2);
    const text = captured.err.join('\n');
    expect(text).toContain(message);
    expect(text).toContain('Usage: switchboard export');
  });

  it('needs the credentials in the environment with --base-url (exit 2)', async () => {
    const { done } = run(['seats', '--base-url', sandbox.baseUrl, '--out', join(dir, 'x.csv')], { env: {} });
    await expect(done).rejects.toThrow('SWITCHBOARD_API_KEY and SWITCHBOARD_API_SECRET');
  });

  it('turns a spec validation failure into a usage error: task details need a task id', async () => {
    const { done } = run(['task-details', '--base-url', sandbox.baseUrl, '--out', join(dir, 'x.csv')]);
    await expect(done).rejects.toThrow(/taskId/);
    expect(readdirSync(dir)).toEqual([]);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));
});
