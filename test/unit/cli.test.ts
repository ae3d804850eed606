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

  it('tells the process entry which command runs, so only the file-writing ones trade speed for a small heap', async () => {
    const told: (boolean | undefined)[] = [];
    const beforeRun = (command: { writesFileFromStream?: boolean }) => void told.push(command.writesFileFromStream);
    // Each stops at a usage error once it runs: no credentials, no window.
    expect(await runCli(['export', 'voice-records'], capture().io, {}, beforeRun)).toBe(2);
    expect(await runCli(['report', 'voice'], capture().io, {}, beforeRun)).toBe(2);
    expect(await runCli(['browser', '--port', 'seventy'], capture().io, {}, beforeRun)).toBe(2);
    expect(told).toEqual([true, true, undefined]);
    // Asking for help runs nothing.
    expect(await runCli(['export', '--help'], capture().io, {}, beforeRun)).toBe(0);
    expect(told).toHaveLength(3);
  });

  it('prints a command\'s usage for --help with exit 0', async () => {
    const { io, out } = capture();
    expect(await runCli(['browser', '--help'], io)).toBe(0);
    expect(out.join('\n')).toContain('Usage: switchboard browser');
  });
});
