import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/cli/run';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) }, out, err };
}

describe('the switchboard CLI', () => {
  it('lists its commands and exits 2 when called without one', async () => {
    const { io, out } = capture();
    expect(await runCli([], io)).toBe(2);
    expect(out.join('\n')).toContain('browser');
  });

  it('explains an unknown command with exit 2', async () => {
    const { io, err } = capture();
    expect(await runCli(['frobnicate'], io)).toBe(2);
    expect(err.join('\n')).toContain('Unknown command "frobnicate"');
  });

  it('prints usage on a bad option with exit 2', async () => {
    const { io, err } = capture();
    expect(await runCli(['browser', '--port', 'seventy'], io)).toBe(2);
    expect(err.join('\n')).toContain('--port must be a whole number');
    expect(err.join('\n')).toContain('Usage: switchboard browser');
    const unknown = capture();
    expect(await runCli(['browser', '--colour', 'red'], unknown.io)).toBe(2);
  });

  it('prints a command\'s usage for --help with exit 0', async () => {
    const { io, out } = capture();
    expect(await runCli(['browser', '--help'], io)).toBe(0);
    expect(out.join('\n')).toContain('Usage: switchboard browser');
  });
});
