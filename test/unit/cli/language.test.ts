/**
 * The command line's language: `--lang en|zh-CN` on any command, else the environment's
 * (LC_ALL, LC_MESSAGES, LANG); an unknown language is refused as bad usage, naming the choices.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/cli/run';
import { currentLocale, setCurrentLocale } from '../../../src/shared/i18n';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) }, out: () => out.join('\n'), err: () => err.join('\n') };
}

const ENGLISH_ENV = { LANG: 'en_US.UTF-8' };

afterEach(() => setCurrentLocale('en'));

describe('the language of the switchboard CLI', () => {
  it('is Chinese with --lang zh-CN: an error, and the usage printed after it', async () => {
    const run = capture();
    expect(await runCli(['browser', '--port', 'seventy', '--lang', 'zh-CN'], run.io, ENGLISH_ENV)).toBe(2);
    expect(run.err()).toContain('--port 须为 0 到 65535 的整数，而不是“seventy”。');
    expect(run.err()).toContain('用法：switchboard browser [--port N]');
    expect(run.err()).not.toContain('must be a whole number');
    expect(currentLocale()).toBe('zh-CN');
  });

  it('is Chinese for --help with --lang zh-CN or --lang=zh-CN, flag names kept', async () => {
    const help = capture();
    expect(await runCli(['--lang', 'zh-CN', 'sync', '--help'], help.io, ENGLISH_ENV)).toBe(0);
    expect(help.out()).toContain('用法：switchboard sync [list...] [options]');
    expect(help.out()).toContain('--yes               允许保留期限删除某列表一半以上的存档记录');
    const overview = capture();
    expect(await runCli(['--help', '--lang=zh-CN'], overview.io, ENGLISH_ENV)).toBe(0);
    expect(overview.out()).toContain('命令：');
    expect(overview.out()).toContain('在 127.0.0.1 上运行内置的模拟平台（/v3 API）');
    expect(overview.out()).toContain('--lang en|zh-CN');
  });

  it("translates the option parser's refusals and a command's own checks", async () => {
    const unknown = capture();
    expect(await runCli(['sandbox', '--colour', 'red', '--lang', 'zh-CN'], unknown.io, ENGLISH_ENV)).toBe(2);
    expect(unknown.err()).toContain('未知选项“--colour”');
    const out = capture();
    expect(await runCli(['export', 'voice-records', '--out', 'calls.txt', '--lang', 'zh-CN'], out.io, ENGLISH_ENV)).toBe(2);
    expect(out.err()).toContain('--out 须以 .xlsx、.csv 或 .parquet 结尾，而不是“.txt”。');
  });

  it('follows LANG=zh_CN.UTF-8 without --lang, and LC_ALL before LANG', async () => {
    const chinese = capture();
    expect(await runCli(['frobnicate'], chinese.io, { LANG: 'zh_CN.UTF-8' })).toBe(2);
    expect(chinese.err()).toContain('未知命令“frobnicate”。');
    expect(chinese.err()).toContain('用法：switchboard <command> [options]');
    const overridden = capture();
    expect(await runCli(['frobnicate'], overridden.io, { LC_ALL: 'en_GB.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe(2);
    expect(overridden.err()).toContain('Unknown command "frobnicate".');
  });

  it('takes --lang over the environment', async () => {
    const run = capture();
    expect(await runCli(['frobnicate', '--lang', 'en'], run.io, { LANG: 'zh_CN.UTF-8' })).toBe(2);
    expect(run.err()).toContain('Unknown command "frobnicate".');
    expect(currentLocale()).toBe('en');
  });

  it('refuses a language it does not offer, naming the choices, with exit 2', async () => {
    const unknown = capture();
    expect(await runCli(['sync', '--lang', 'xx'], unknown.io, ENGLISH_ENV)).toBe(2);
    expect(unknown.err()).toContain('--lang must be one of en (English), zh-CN (简体中文), not "xx".');
    expect(unknown.err()).toContain('Usage: switchboard sync');
    const missing = capture();
    expect(await runCli(['browser', '--lang'], missing.io, ENGLISH_ENV)).toBe(2);
    expect(missing.err()).toContain('--lang needs a language: en (English), zh-CN (简体中文).');
    const inChinese = capture();
    expect(await runCli(['--lang=fr'], inChinese.io, { LANG: 'zh_CN.UTF-8' })).toBe(2);
    expect(inChinese.err()).toContain('--lang 须为 en (English)、zh-CN (简体中文) 之一，而不是“fr”。');
    // Choices inside a Chinese sentence take its enumeration comma, as the catalog's lists do.
    const headers = capture();
    expect(await runCli(['export', 'seats', '--out', 'x.xlsx', '--headers', 'raw'], headers.io, { LANG: 'zh_CN.UTF-8' })).toBe(2);
    expect(headers.err()).toContain('interface、english、fields');
  });

  it('keeps the English output as it was without --lang in an English or bare environment', async () => {
    for (const env of [ENGLISH_ENV, {}, { LANG: 'C' }]) {
      const run = capture();
      expect(await runCli(['browser', '--port', 'seventy'], run.io, env)).toBe(2);
      expect(run.err()).toContain('--port must be a whole number from 0 to 65535, not "seventy".');
      expect(run.err()).toContain('Usage: switchboard browser [--port N]');
      const unknown = capture();
      expect(await runCli(['browser', '--colour', 'red'], unknown.io, env)).toBe(2);
      expect(unknown.err()).toContain("Unknown option '--colour'");
    }
  });
});
