/**
 * The command line in Chinese punctuates as its catalog does: a full-width colon after a
 * list's or an option's name, full-width parentheses, and 、 between the names of a list;
 * English keeps its own marks.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../src/main/cli/run';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { scratchDir } from '../export/support';

const DAY = 86_400_000;
const PLUS8 = parseTimeZone('+08:00') as TimeZone;
const iso = (ms: number): string => formatIsoInZone(ms, PLUS8);
const ENGLISH_ENV = { LANG: 'en_US.UTF-8' };

describe('switchboard in Chinese punctuates as Chinese', () => {
  let sandbox: Sandbox;
  let dir: string;
  let connection: string[];
  let window: string[];

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 35, volume: 'small' });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(() => {
    dir = scratchDir();
    vi.stubEnv('SWITCHBOARD_API_KEY', sandbox.credentials.apiKey);
    vi.stubEnv('SWITCHBOARD_API_SECRET', sandbox.credentials.apiSecret);
    vi.stubEnv('SWITCHBOARD_USER_DATA', join(dir, 'user-data'));
    const anchor = sandbox.data.anchor.getTime();
    connection = ['--base-url', sandbox.baseUrl, '--platform-zone', '+08:00'];
    window = ['--from', iso(anchor - DAY), '--to', iso(anchor - DAY + 3_600_000)];
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    setCurrentLocale('en');
  });

  const run = async (args: string[]): Promise<{ code: number; err: string }> => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (text: string) => void err.push(text) };
    const code = await runCli(args, io, ENGLISH_ENV);
    return { code, err: err.join('\n') };
  };

  it("writes an export's progress line with a full-width colon and parentheses", async () => {
    const chinese = await run(['export', 'voice-records', ...connection, ...window, '--out', join(dir, 'zh.csv'), '--lang', 'zh-CN']);
    expect(chinese.code).toBe(0);
    expect(chinese.err).toMatch(/^voice-records：[\d,]+ \/ [\d,]+ 行（\d+%）/m);
    expect(chinese.err).not.toMatch(/voice-records: |\(\d+%\)/);
    const english = await run(['export', 'voice-records', ...connection, ...window, '--out', join(dir, 'en.csv')]);
    expect(english.code).toBe(0);
    expect(english.err).toMatch(/^voice-records: [\d,]+ of [\d,]+ rows \(\d+%\)/m);
  });

  it("names the refused option with a full-width colon, and the earliest start's zone in full-width parentheses", async () => {
    const old = ['--from', '2020-01-01T00:00:00+08:00', '--to', '2020-01-02T00:00:00+08:00'];
    const chinese = await run(['export', 'voice-records', ...connection, ...old, '--out', join(dir, 'old.csv'), '--lang', 'zh-CN']);
    expect(chinese.code).toBe(2);
    expect(chinese.err).toMatch(/^--from：只能查询最近 2 个月：请从 \d{4}-\d\d-\d\d \d\d:\d\d（\+08:00）或之后开始。$/m);
    const task = await run(['export', 'task-details', ...connection, '--out', join(dir, 'task.csv'), '--lang', 'zh-CN']);
    expect(task.code).toBe(2);
    expect(task.err).toContain('--param taskId：请输入任务 ID');
    const english = await run(['export', 'voice-records', ...connection, ...old, '--out', join(dir, 'old.csv')]);
    expect(english.err).toMatch(/^--from: .* \d{4}-\d\d-\d\d \d\d:\d\d \(\+08:00\)/m);
  });

  it("lists a report's sheets with 、 in Chinese and commas in English", async () => {
    const chinese = await run(['report', 'voice', ...connection, ...window, '--out', join(dir, 'zh.xlsx'), '--rows', '--lang', 'zh-CN']);
    expect(chinese.code).toBe(0);
    expect(chinese.err).toContain('（工作表：汇总、语音记录、说明）');
    const english = await run(['report', 'voice', ...connection, ...window, '--out', join(dir, 'en.xlsx'), '--rows']);
    expect(english.code).toBe(0);
    expect(english.err).toContain('(sheets: Summary, Voice records, About)');
  });
});
