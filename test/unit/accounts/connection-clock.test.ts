/** The connection test says how far this computer's clock is from the platform's, beyond or within its 30 minutes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../../src/main/accounts/connection-test';
import { createLogger } from '../../../src/main/log';
import { startSandbox, type Sandbox } from '../../../src/main/sandbox';
import { errorText } from '../../../src/shared/errors';
import { m, setCurrentLocale } from '../../../src/shared/i18n';

describe('testConnection and the clock', () => {
  let sandbox: Sandbox;
  const log = createLogger({ console: false });
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 1, volume: 'small' });
  });
  afterAll(() => sandbox.close());

  const target = () => ({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00' });

  it.each([
    [25 * 60, 25],
    [-10 * 60, -10],
    [45 * 60, 45],
  ])('reports a clock %i s off as %i minutes, and says so', async (offsetSeconds, minutes) => {
    sandbox.setFaults({ clockOffsetSeconds: offsetSeconds });
    const report = await testConnection(target(), log);
    expect(report.ok).toBe(true);
    expect(report.clockOffsetMinutes).toBe(minutes);
    expect(report.message).toContain(`${Math.abs(minutes)} minutes`);
  });

  it('says nothing of a clock that agrees with the platform', async () => {
    sandbox.setFaults({ clockOffsetSeconds: 0 });
    const report = await testConnection(target(), log);
    expect(report).toMatchObject({ ok: true, clockOffsetMinutes: null });
    expect(report.message).not.toContain('clock');
  });

  it('is worded again in the language on show, what worked and what is wrong alike', async () => {
    sandbox.setFaults({ clockOffsetSeconds: 0 });
    const worked = await testConnection(target(), log);
    const refused = await testConnection({ ...target(), apiSecret: 'wrong' }, log);
    expect(refused).toMatchObject({ ok: false, code: 'platform:-1' });
    setCurrentLocale('zh-CN');
    try {
      expect(errorText(worked)).toMatch(/[\u4e00-\u9fff]/);
      expect(errorText(refused)).toBe(m.errors_test_auth());
      expect(errorText(refused)).not.toBe(refused.message);
    } finally {
      setCurrentLocale('en');
    }
  });
});
