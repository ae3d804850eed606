/**
 * The command line takes a whole number only as plain digits, a single-value option only
 * once, and refuses a window too short for the platform with one message, whatever the case.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { concurrencyOf } from '../../../src/main/cli/export-command';
import { runCli } from '../../../src/main/cli/run';
import { sandboxOptionsFromArgs } from '../../../src/main/cli/sandbox-command';
import { windowChoice } from '../../../src/main/cli/connection-options';
import { scratchDir } from '../export/support';

function capture() {
  const err: string[] = [];
  return { io: { out: () => undefined, err: (text: string) => err.push(text) }, printed: () => err.join('\n') };
}

const scratch = scratchDir();
/** A command these tests let through by mistake writes and archives here, never in the user's folders. */
const ENV = { LANG: 'en_US.UTF-8', SWITCHBOARD_USER_DATA: join(scratch, 'user-data') };
const OUT = join(scratch, 'x.csv');
const WINDOW = ['--from', '2026-11-01T00:00:00+08:00', '--to', '2026-11-02T00:00:00+08:00'];

describe('whole-number options', () => {
  it('--concurrency takes plain digits only, as its message says', () => {
    for (const loose of ['1e1', '3.0', ' 3', '3 ', '+3', '0x3', '', '03.']) {
      expect(() => concurrencyOf(loose), JSON.stringify(loose)).toThrow(`--concurrency must be a whole number from 1 to 16, not "${loose}".`);
    }
    expect(concurrencyOf('3')).toBe(3);
    expect(concurrencyOf('16')).toBe(16);
  });

  it('--port, the sandbox numbers and an integer --param take plain digits only', async () => {
    for (const port of ['1e3', '80.0', ' 80', '']) {
      const run = capture();
      expect(await runCli(['browser', '--port', port], run.io, ENV)).toBe(2);
      expect(run.printed()).toContain(`--port must be a whole number from 0 to 65535, not "${port}".`);
    }
    expect(() => sandboxOptionsFromArgs(['--seed', '1e3'])).toThrow('--seed must be a whole number, not "1e3".');
    expect(() => sandboxOptionsFromArgs(['--latency-ms', '100.0'])).toThrow('--latency-ms must be a whole number (0 or more), not "100.0".');
    expect(() => sandboxOptionsFromArgs(['--rate-limit', ' 5'])).toThrow('--rate-limit must be a whole number (0 or more), not " 5".');
    expect(sandboxOptionsFromArgs(['--seed=-7', '--clock-offset-s=-30', '--port', '4010'])).toMatchObject({
      seed: -7,
      port: 4010,
      faults: { clockOffsetSeconds: -30 },
    });
    const param = capture();
    expect(await runCli(['export', 'seats', '--out', OUT, '--param', 'voiceGroupId=1e3'], param.io, ENV)).toBe(2);
    expect(param.printed()).toContain('--param voiceGroupId takes a whole number, not "1e3".');
  });
});

describe('an option given twice', () => {
  it('is refused, naming it, when it takes one value; --param may repeat', async () => {
    const run = capture();
    const args = ['export', 'voice-records', '--out', OUT, ...WINDOW, '--from', '2026-11-01T12:00:00+08:00'];
    expect(await runCli(args, run.io, ENV)).toBe(2);
    expect(run.printed()).toMatch(/^--from is given more than once: give it once\.$/m);
    const sandbox = capture();
    expect(await runCli(['sandbox', '--port', '1', '--port=2'], sandbox.io, ENV)).toBe(2);
    expect(sandbox.printed()).toMatch(/^--port is given more than once/m);
    const lang = capture();
    expect(await runCli(['browser', '--lang', 'en', '--lang', 'zh-CN'], lang.io, ENV)).toBe(2);
    expect(lang.printed()).toMatch(/^--lang is given more than once/m);
    // Repeatable: both filters are read, and the second one's value is what is refused.
    const params = capture();
    expect(await runCli(['export', 'seats', '--out', OUT, '--param', 'enable=1', '--param', 'status=zzz'], params.io, ENV)).toBe(2);
    expect(params.printed()).toContain('--param status takes a whole number, not "zzz".');
    expect(params.printed()).not.toContain('more than once');
  });
});

describe('a window too short for the platform', () => {
  it('gets one message, whether --to is before --from, at it, half a second or a second later', () => {
    const from = '2026-11-27T00:00:00+08:00';
    for (const to of ['2026-11-26T00:00:00+08:00', from, '2026-11-27T00:00:00.500+08:00', '2026-11-27T00:00:01+08:00']) {
      expect(() => windowChoice({ from, to }), to).toThrow('--to must be at least two seconds later than --from');
    }
    expect(windowChoice({ from, to: '2026-11-27T00:00:02+08:00' })?.endTime).toBe('2026-11-27T00:00:01+08:00');
  });

  it('is never refused by the list with a message saying the end is not after the start', async () => {
    const run = capture();
    const args = ['export', 'voice-records', '--out', OUT, '--from', '2026-11-27T00:00:00+08:00', '--to', '2026-11-27T00:00:00.500+08:00'];
    expect(await runCli(args, run.io, ENV)).toBe(2);
    expect(run.printed()).not.toContain('The end must be after the start');
    expect(run.printed()).toContain('--to must be at least two seconds later than --from');
  });
});
