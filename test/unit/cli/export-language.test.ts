/**
 * A CLI export in the language --lang names: its messages and, by default, its header row;
 * --headers english or fields asks for other headers whatever the language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../src/main/cli/run';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { formatIsoInZone, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { parseCsv, scratchDir } from '../export/support';

const DAY = 86_400_000;
const PLUS8 = parseTimeZone('+08:00') as TimeZone;
const iso = (ms: number): string => formatIsoInZone(ms, PLUS8);
const HAN = /[\u4e00-\u9fff]/;

describe('switchboard export in a language', () => {
  let sandbox: Sandbox;
  let dir: string;
  let connection: string[];

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 34, volume: 'small' });
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
    connection = ['--base-url', sandbox.baseUrl, '--platform-zone', '+08:00', '--from', iso(anchor - DAY), '--to', iso(anchor - DAY + 3_600_000)];
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    setCurrentLocale('en');
  });

  const exportTo = async (name: string, more: string[]): Promise<{ code: number; err: string; header: string[] }> => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (text: string) => void err.push(text) };
    const out = join(dir, name);
    const code = await runCli(['export', 'voice-records', ...connection, '--out', out, '--columns', 'voiceId,callStatus', ...more], io, { LANG: 'en_US.UTF-8' });
    const header = code === 0 ? (parseCsv(readFileSync(out, 'utf8').replace(/^\uFEFF/, '')).rows[0] ?? []) : [];
    return { code, err: err.join('\n'), header };
  };

  it('writes Chinese headers and says so in Chinese with --lang zh-CN', async () => {
    const chinese = await exportTo('zh.csv', ['--lang', 'zh-CN']);
    expect(chinese.err).toMatch(/已将 [\d,]+ 行 voice-records 导出到 .*zh\.csv，用时 [\d.]+ 秒；时间为 \+08:00 时区。/);
    expect(chinese.code).toBe(0);
    expect(chinese.header).toHaveLength(3);
    for (const cell of chinese.header) expect(cell).toMatch(HAN);
  });

  it('writes English headers by default in English, and with --headers english in Chinese', async () => {
    const english = await exportTo('en.csv', []);
    expect(english.code).toBe(0);
    expect(english.err).toMatch(/Exported [\d,]+ voice-records rows to .*en\.csv in [\d.]+ s; times are in \+08:00\./);
    expect(english.header).toEqual(['Voice id', 'Call status', 'Call status (label)']);
    const asked = await exportTo('zh-english.csv', ['--lang', 'zh-CN', '--headers', 'english']);
    expect(asked.code).toBe(0);
    expect(asked.header).toEqual(english.header);
  });

  it("writes the platform's field names with --headers fields, in any language", async () => {
    const fields = await exportTo('fields.csv', ['--lang', 'zh-CN', '--headers', 'fields']);
    expect(fields.code).toBe(0);
    expect(fields.header[0]).toBe('voiceId');
    for (const cell of fields.header) expect(cell).not.toMatch(HAN);
  });

  it('refuses another --headers, and one a .parquet file cannot take', async () => {
    const unknown = await exportTo('x.csv', ['--headers', 'chinese']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('--headers must be one of interface, english, fields, not "chinese".');
    const parquet = await exportTo('x.parquet', ['--lang', 'zh-CN', '--headers', 'english']);
    expect(parquet.code).toBe(2);
    expect(parquet.err).toContain('--headers 只用于 .xlsx 和 .csv');
  });
});
