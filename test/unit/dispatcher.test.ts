import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/main/log';
import { createDispatcher, type Handlers } from '../../src/main/handlers/dispatcher';
import { ArchiveDiskFullError } from '../../src/main/archive/disk-full';
import { ArchiveReadsQueued, ArchiveReadTimeout } from '../../src/main/archive/read-pool';
import { methodNames } from '../../src/shared/contract';
import { ok } from '../../src/shared/result';

const DATA_FOLDER = '/home/ops/.config/Switchboard';

/** An error as Node's file system throws it. */
function systemError(code: string, syscall: string, path?: string, dest?: string): Error {
  return Object.assign(new Error(`${code}: refused, ${syscall}${path ? ` '${path}'` : ''}${dest ? ` -> '${dest}'` : ''}`), { code, syscall, errno: -1, ...(path ? { path } : {}), ...(dest ? { dest } : {}) });
}

function setup(overrides: Partial<Handlers> = {}) {
  const lines: string[] = [];
  const placeholders = Object.fromEntries(methodNames.map((name) => [name, () => ok(null)])) as unknown as Handlers;
  const handlers: Handlers = {
    ...placeholders,
    getAppInfo: () => ok({ name: 'Switchboard', version: '1.0.0', host: 'browser', platform: 'linux' }),
    ...overrides,
  };
  return { dispatch: createDispatcher(handlers, createLogger({ sink: (line) => lines.push(line), console: false }), DATA_FOLDER), lines };
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

  it('names the field of a malformed request in `fields` too, keeping the code bad-request', async () => {
    const { dispatch } = setup();
    await expect(dispatch('openExternal', { url: 42 })).resolves.toEqual({
      ok: false,
      error: { code: 'bad-request', message: 'The request was not understood.', detail: 'url: expected a string', fields: { url: 'Expected a string.' } },
    });
    const unknownField = await dispatch('openExternal', { url: 'https://x', colour: 'red' });
    expect(unknownField.ok || unknownField.error.fields).toEqual({ colour: 'Expected no such field.' });
    // The request itself (no field to name): the detail says so, no field is made up.
    const whole = await dispatch('openExternal', 'https://x');
    expect(whole).toEqual({ ok: false, error: { code: 'bad-request', message: 'The request was not understood.', detail: 'request: expected an object' } });
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

  it('answers an archive read stopped by its time limit or a flood of reads with what happened, from any method', async () => {
    const { dispatch, lines } = setup({
      overview: () => {
        throw new ArchiveReadTimeout(8_000);
      },
      archiveStatus: () => {
        throw new ArchiveReadsQueued(64);
      },
    });
    const timedOut = await dispatch('overview', { fromMs: 0, toMs: 1, syncFirst: false });
    expect(timedOut).toMatchObject({ ok: false, error: { code: 'archive-timeout', message: expect.stringMatching(/more than 8 s/) } });
    const queued = await dispatch('archiveStatus', { profileId: 'p1' });
    expect(queued).toMatchObject({ ok: false, error: { code: 'busy', message: expect.stringMatching(/64 other reads/) } });
    expect(lines.join('\n')).not.toMatch(/failed/);
  });

  it('answers a file the file system refused with its cause and the file, never as a fault of the app', async () => {
    let thrown: Error = new Error('unset');
    const { dispatch, lines } = setup({
      saveProfile: () => {
        throw thrown;
      },
    });
    const draft = { name: 'Ops', baseUrl: 'https://x', apiKey: 'k', defaultAppId: '', timeZone: 'UTC', pageSize: 50 };
    const cases: [Error, string, RegExp][] = [
      [systemError('ENOSPC', 'write'), 'errors_file_disk_full', /^The disk is full, so this could not be saved\./],
      [systemError('EACCES', 'open', '/home/ops/.config/Switchboard/.profiles.json.1a2b.part'), 'errors_file_not_allowed', /not allowed to use \/home\/ops\/\.config\/Switchboard\/\.profiles\.json\.1a2b\.part\./],
      // A rename is said by the file it was to become, not by the temporary one.
      [systemError('EBUSY', 'rename', '/home/ops/.config/Switchboard/.profiles.json.1a2b.part', '/home/ops/.config/Switchboard/profiles.json'), 'errors_file_in_use', /^\/home\/ops\/\.config\/Switchboard\/profiles\.json is in use by another program/],
      [systemError('EROFS', 'open', '/mnt/ro/profiles.json'), 'errors_file_read_only', /read-only disk/],
      // No file named (a write to an open file): the data folder is.
      [systemError('EIO', 'write'), 'errors_file_failed', /could not use \/home\/ops\/\.config\/Switchboard\./],
    ];
    for (const [error, key, message] of cases) {
      thrown = error;
      const result = await dispatch('saveProfile', draft);
      expect(result).toMatchObject({ ok: false, error: { code: 'file-error', said: { key }, message: expect.stringMatching(message), detail: error.message } });
    }
    thrown = new ArchiveDiskFullError('The disk holding the archive is full: free 70 MB, then Sync again.');
    expect(await dispatch('saveProfile', draft)).toMatchObject({ ok: false, error: { code: 'archive-disk-full', message: 'The disk holding the archive is full: free 70 MB, then Sync again.' } });
    expect(lines.join('\n')).not.toMatch(/failed/);
    // An error that only looks like one (no system call named) is still the app's fault.
    thrown = Object.assign(new Error('odd'), { code: 'ENOSPC_LIKE' });
    expect(await dispatch('saveProfile', draft)).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});
