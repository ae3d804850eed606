import { describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/cli/run';
import { createSandboxCommand, sandboxOptionsFromArgs } from '../../../src/main/cli/sandbox-command';
import { UsageError } from '../../../src/main/cli/command';
import { status, PATHS } from './signed-client';

function capture(): {
  io: { out: (text: string) => void; err: (text: string) => void };
  out: string[];
  err: string[];
} {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (text) => out.push(text), err: (text) => err.push(text) }, out, err };
}

describe('switchboard sandbox', () => {
  it('is listed by the CLI and prints its usage for --help', async () => {
    const list = capture();
    await runCli([], list.io);
    expect(list.out.join('\n')).toContain('sandbox');
    const help = capture();
    expect(await runCli(['sandbox', '--help'], help.io)).toBe(0);
    expect(help.out.join('\n')).toContain('Usage: switchboard sandbox');
  });

  it('turns options into sandbox settings', () => {
    expect(
      sandboxOptionsFromArgs([
        '--port',
        '0',
        '--seed',
        '9',
        '--volume',
        'large',
        '--api-key',
        'k',
        '--api-secret',
        's',
        '--latency-ms',
        '50',
        '--error-rate',
        '0.25',
        '--rate-limit',
        '5',
        '--clock-offset-s=-3600',
      ]),
    ).toEqual({
      port: 0,
      seed: 9,
      volume: 'large',
      accounts: [{ apiKey: 'k', apiSecret: 's' }],
      faults: { latencyMs: 50, errorRate: 0.25, rateLimitPerSecond: 5, clockOffsetSeconds: -3600 },
    });
  });

  it('refuses bad options with exit 2 and says what to fix', async () => {
    const cases: [string[], string][] = [
      [['--volume', 'huge'], '--volume must be one of small, default, large'],
      [['--seed', 'abc'], '--seed must be a whole number'],
      [['--error-rate', '2'], '--error-rate must be a fraction from 0 to 1'],
      [['--rate-limit=-1'], '--rate-limit must be a whole number'],
      [['--latency-ms', 'soon'], '--latency-ms must be a whole number'],
      [['--api-key', 'k'], '--api-key and --api-secret go together'],
      [['--port', '70000'], '--port must be a whole number'],
      [['--anchor', 'yesterday'], '--anchor must be a date'],
      [['--colour', 'red'], 'Unknown option'],
      [['extra'], 'Unexpected argument'],
    ];
    for (const [args, message] of cases) {
      expect(() => sandboxOptionsFromArgs(args)).toThrow(UsageError);
      const { io, err } = capture();
      expect(await runCli(['sandbox', ...args], io)).toBe(2);
      expect(err.join('\n')).toContain(message);
      expect(err.join('\n')).toContain('Usage: switchboard sandbox');
    }
  });

  it('prints the base URL and credentials, serves them until stopped, then exits 0', async () => {
    let stop = (): void => {};
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const command = createSandboxCommand(() => stopped);
    const { io, out } = capture();
    const exit = command.run(['--volume', 'small', '--api-key', 'cli-key', '--api-secret', 'cli-secret'], io);
    for (let i = 0; i < 100 && out.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const printed = out.join('\n');
    const baseUrl = /http:\/\/127\.0\.0\.1:\d+/.exec(printed)?.[0];
    expect(baseUrl).toBeDefined();
    expect(printed).toContain('cli-key');
    expect(printed).toContain('cli-secret');
    const target = { baseUrl: baseUrl ?? '', credentials: { apiKey: 'cli-key', apiSecret: 'cli-secret' } };
    expect(await status(target, PATHS.seats, { body: { current: 1, size: 1, params: {} } })).toBe('0');
    stop();
    expect(await exit).toBe(0);
    await expect(fetch(`${baseUrl}${PATHS.seats}`)).rejects.toThrow();
  });
});
