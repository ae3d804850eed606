/** A window or filter the list's parser refuses is named by the option the user typed, never by the request's inner path. */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runCli } from '../../../src/main/cli/run';
import { createSyncCommand } from '../../../src/main/cli/sync-command';
import { createLogger } from '../../../src/main/log';
import { scratchDir } from '../export/support';

function capture() {
  const err: string[] = [];
  return { io: { out: () => undefined, err: (text: string) => err.push(text) }, err };
}

describe('a refused window or filter on the command line', () => {
  for (const command of [['export', 'voice-records', '--out', 'calls.csv'], ['report', 'voice', '--out', 'report.xlsx']]) {
    it(`${command[0]}: names --from, as typed, not params.strTime`, async () => {
      const { io, err } = capture();
      // Older than the two months the platform keeps: refused before any connection is opened.
      const code = await runCli([...command, '--from', '2020-01-01T00:00:00+08:00', '--to', '2020-01-02T00:00:00+08:00'], io, {});
      expect(code).toBe(2);
      const printed = err.join('\n');
      expect(printed).toMatch(/^--from: Only the last 2 months can be queried: start at .+ \(\+08:00\) or later\.$/m);
      expect(printed).not.toContain('params.');
    });
  }

  it('sync: names --from, as typed, not params.strTime', async () => {
    const { io, err } = capture();
    const env = { SWITCHBOARD_API_KEY: 'key', SWITCHBOARD_API_SECRET: 'secret', SWITCHBOARD_USER_DATA: join(scratchDir(), 'user-data') };
    // Refused by the list's window rule before anything is sent: the address is never reached.
    const code = await createSyncCommand({ env, log: createLogger({ console: false }) }).run(
      ['voice-records', '--from', '2020-01-01T00:00:00+08:00', '--to', '2020-01-02T00:00:00+08:00', '--base-url', 'http://127.0.0.1:9'],
      io,
    );
    expect(code).not.toBe(0);
    const printed = err.join('\n');
    expect(printed).toMatch(/--from: Only the last 2 months can be queried: start at .+ or later\.$/m);
    expect(printed).not.toContain('params.');
  });

  it('names --param KEY for a filter of the list', async () => {
    const { io, err } = capture();
    const code = await runCli(['export', 'seats', '--out', 'seats.csv', '--param', 'status=9'], io, {});
    expect(code).toBe(2);
    const printed = err.join('\n');
    expect(printed).toMatch(/^--param status: Choose a seat status from 1 to 5\.$/m);
    expect(printed).not.toContain('params.');
  });
});
