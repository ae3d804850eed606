/**
 * The liveBoard method fed what no form sends: each refusal names its field and is never
 * "internal"; limits the Thresholds form would refuse are refused by main too.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServices } from '../support/services';
import { DEFAULT_THRESHOLDS } from '../../../src/shared/live/alerts';
import { LiveBoards } from '../../../src/main/live/live-boards';
import { createLogger } from '../../../src/main/log';
import { AccountsError } from '../../../src/main/accounts/accounts';
import { SANDBOX_PROFILE_ID } from '../../../src/shared/profiles';

describe('the liveBoard method refuses hostile requests by field', () => {
  const { services, call } = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'live-requests-')) });
  afterAll(() => services.close());
  const refusal = async (input: unknown): Promise<{ code: string; fields: string[] }> => {
    const answer = await call('liveBoard', input);
    if (answer.ok) return { code: 'ok', fields: [] };
    return { code: answer.error.code, fields: Object.keys(answer.error.fields ?? {}) };
  };
  const withLimits = (patch: object): unknown => ({ thresholds: { ...DEFAULT_THRESHOLDS, ...patch }, fetch: false });

  it('a limit of the wrong type, or a figure that is not watched', async () => {
    expect(await refusal(withLimits({ acd: { amber: Number.NaN, red: null } }))).toEqual({ code: 'bad-request', fields: ['thresholds.acd.amber'] });
    expect(await refusal(withLimits({ acd: { amber: '5', red: null } }))).toEqual({ code: 'bad-request', fields: ['thresholds.acd.amber'] });
    expect(await refusal(withLimits({ acd: { amber: { a: 1 }, red: null } }))).toEqual({ code: 'bad-request', fields: ['thresholds.acd.amber'] });
    expect(await refusal({ thresholds: new Array(100_000).fill(1), fetch: false })).toEqual({ code: 'bad-request', fields: ['thresholds'] });
    expect(await refusal(withLimits({ queueLength: { amber: 1, red: 2 } }))).toEqual({ code: 'bad-request', fields: ['thresholds.queueLength'] });
    expect(await refusal({ profileId: 5, thresholds: DEFAULT_THRESHOLDS, fetch: false })).toEqual({ code: 'bad-request', fields: ['profileId'] });
  });

  it('a limit out of its range, a part seat or a red milder than amber, as the form says', async () => {
    expect(await refusal(withLimits({ acd: { amber: -5, red: null } }))).toEqual({ code: 'validation', fields: ['thresholds.acd.amber'] });
    expect(await refusal(withLimits({ connectRate: { amber: 1e9, red: null } }))).toEqual({ code: 'validation', fields: ['thresholds.connectRate.amber'] });
    expect(await refusal(withLimits({ busySeats: { amber: 2.5, red: null } }))).toEqual({ code: 'validation', fields: ['thresholds.busySeats.amber'] });
    expect(await refusal(withLimits({ connectRate: { amber: 10, red: 90 } }))).toEqual({ code: 'validation', fields: ['thresholds.connectRate.red'] });
    // A limit no reading can pass would look watched and never alert.
    expect(await refusal(withLimits({ idleSeats: { amber: 0, red: null } }))).toEqual({ code: 'validation', fields: ['thresholds.idleSeats.amber'] });
    expect(await refusal(withLimits({ connectRate: { amber: 40, red: -0 } }))).toEqual({ code: 'validation', fields: ['thresholds.connectRate.red'] });
  });

  it('an unknown profile is not found', async () => {
    expect((await refusal({ profileId: 'nobody', thresholds: DEFAULT_THRESHOLDS, fetch: false })).code).toBe('not-found');
  });
});

describe('a Live refresh that cannot get its connection', () => {
  const { services } = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'live-connection-')) });
  afterAll(() => services.close());
  const boardsFailingWith = (error: Error): LiveBoards =>
    new LiveBoards({
      accounts: { state: () => services.accounts.state(), active: () => services.accounts.active(), connection: () => Promise.reject(error) },
      archives: services.archives,
      log: createLogger({ console: false }),
      desktop: {},
    });
  const problemOf = async (boards: LiveBoards): Promise<string | null> => {
    const answer = await boards.board({ profileId: SANDBOX_PROFILE_ID, thresholds: DEFAULT_THRESHOLDS, fetch: true });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value.refresh.problem;
  };

  it('says the accounts\' own words, and never an engine\'s message', async () => {
    const raw = new Error('listen EADDRINUSE: address already in use 127.0.0.1:41234 at Server.setupListenHandle [as _listen2] (node:net:1817:16)');
    const problem = await problemOf(boardsFailingWith(raw));
    expect(problem).not.toContain('EADDRINUSE');
    expect(problem).not.toContain('node:net');
    expect(problem).toBe('The profile cannot connect: check it in Accounts.');
    const told = new AccountsError('validation', 'No API secret is stored for Acme: enter it in Accounts.');
    expect(await problemOf(boardsFailingWith(told))).toBe('No API secret is stored for Acme: enter it in Accounts.');
  });
});
