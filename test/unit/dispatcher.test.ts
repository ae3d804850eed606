import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/main/log';
import { createDispatcher, type Handlers } from '../../src/main/handlers/dispatcher';
import { methodNames } from '../../src/shared/contract';
import { ok } from '../../src/shared/result';

function setup(overrides: Partial<Handlers> = {}) {
  const lines: string[] = [];
  const placeholders = Object.fromEntries(methodNames.map((name) => [name, () => ok(null)])) as unknown as Handlers;
  const handlers: Handlers = {
    ...placeholders,
    getAppInfo: () => ok({ name: 'Switchboard', version: '1.0.0', host: 'browser', platform: 'linux' }),
    ...overrides,
  };
  return { dispatch: createDispatcher(handlers, createLogger({ sink: (line) => lines.push(line), console: false })), lines };
}

describe('the dispatcher', () => {
  it('runs a known method with a valid request', async () => {
    const { dispatch } = setup();
    await expect(dispatch('getAppInfo', undefined)).resolves.toMatchObject({ ok: true, value: { name: 'Switchboard' } });
  });

  it('refuses an unknown method, including inherited object keys', async () => {
    const { dispatch } = setup();
    for (const name of ['deleteEverything', 'constructor', '__proto__', 'toString']) {
      await expect(dispatch(name, undefined)).resolves.toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    }
  });

  it('refuses a malformed request before the handler sees it', async () => {
    let called = false;
    const { dispatch } = setup({
      openExternal: () => {
        called = true;
        return ok(null);
      },
    });
    const bad = [undefined, 'https://x', { url: 42 }, { url: 'https://x', extra: true }];
    for (const input of bad) {
      const result = await dispatch('openExternal', input);
      expect(result).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    }
    expect(called).toBe(false);
    await expect(dispatch('getAppInfo', { unexpected: 1 })).resolves.toMatchObject({ ok: false });
  });

  it('turns a throwing handler into an error result and logs it', async () => {
    const { dispatch, lines } = setup({
      getActiveProfile: () => {
        throw new Error('disk on fire');
      },
    });
    const result = await dispatch('getActiveProfile', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('disk on fire');
    expect(lines.join('\n')).toContain('disk on fire');
  });
});
