/**
 * The overview method's refusals of a window name the request's own field to change
 * (`fromMs`, `toMs`; the screen marks its Custom window's From and To from them),
 * whether main's structural check or the history rule refuses it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServices } from '../support/services';

const DAY = 86_400_000;

describe("the overview method's window refusals", () => {
  const { services, call } = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'overview-fields-')) });
  afterAll(() => services.close());
  /** The fields both methods refuse the window at (the workbook checks it as the screen does); null when not a validation refusal. */
  const refusedAt = async (window: object): Promise<Record<string, string> | null> => {
    const results = [await call('overview', { ...window, syncFirst: false }), await call('exportOverview', window)];
    const fields = results.map((result) => (!result.ok && result.error.code === 'validation' ? (result.error.fields ?? {}) : null));
    expect(fields[1]).toEqual(fields[0]);
    return fields[0];
  };

  it('an end before the start names the end', async () => {
    expect(await refusedAt({ fromMs: 2 * DAY, toMs: DAY })).toEqual({ toMs: 'The Overview window must end after it starts: pick a later end.' });
    expect(await refusedAt({ fromMs: DAY, toMs: DAY })).toEqual({ toMs: 'The Overview window must end after it starts: pick a later end.' });
  });

  it('a time outside the years 1 to 9999 names its own end', async () => {
    expect(Object.keys((await refusedAt({ fromMs: -9e15, toMs: DAY })) ?? {})).toEqual(['fromMs']);
    expect(Object.keys((await refusedAt({ fromMs: DAY, toMs: 9e15 })) ?? {})).toEqual(['toMs']);
  });

  it('a window longer than the calendar counts names the end', async () => {
    expect(Object.keys((await refusedAt({ fromMs: 0, toMs: 4000 * DAY })) ?? {})).toEqual(['toMs']);
  });
});

