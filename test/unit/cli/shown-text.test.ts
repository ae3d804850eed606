/**
 * --search and --filter text is bounded as a list screen's filter text is (200 characters,
 * no control character), by the same check, and a refusal names the option.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../../../src/main/cli/command';
import { runCli } from '../../../src/main/cli/run';
import { shownChoice } from '../../../src/main/cli/shown-options';
import { listOf } from '../../../src/shared/operations';
import { scratchDir } from '../export/support';

const seats = listOf('seats');

function refusal(values: { search?: string; filter?: string[] }): string {
  try {
    shownChoice(seats, values);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('the text of --search and --filter', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('refuses a search longer than a list filter may be, as bad usage naming --search', async () => {
    const dir = scratchDir();
    // The command's own user data, should it ever get as far as a connection.
    vi.stubEnv('SWITCHBOARD_USER_DATA', join(dir, 'user-data'));
    const err: string[] = [];
    const io = { out: () => undefined, err: (text: string) => err.push(text) };
    expect(await runCli(['export', 'seats', '--out', join(dir, 'seats.csv'), '--search', 'x'.repeat(300)], io, {})).toBe(2);
    expect(err.join('\n')).toMatch(/^--search: Keep this filter to 200 characters\.$/m);
    expect(err.join('\n')).toContain('Usage: switchboard export');
  });

  it('refuses a control character in a search, or a column filter too long or with one, naming the option', () => {
    expect(refusal({ search: 'ab\u0007c' })).toMatch(/^--search: Character 3 is an invisible control character \(U\+0007\)/);
    expect(refusal({ filter: [`name=${'y'.repeat(201)}`] })).toBe('--filter name: Keep this filter to 200 characters.');
    expect(refusal({ filter: ['name=a\u001bb'] })).toMatch(/^--filter name: Character 2 is an invisible control character/);
  });

  it('takes 200 characters, as a list screen does', () => {
    const choice = shownChoice(seats, { search: 'x'.repeat(200), filter: [`name=${'y'.repeat(200)}`] });
    expect(choice.search).toHaveLength(200);
    expect(choice.contains?.[0].text).toHaveLength(200);
  });
});
