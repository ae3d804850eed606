import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AccountsError } from '../../../src/main/accounts/accounts';
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import { createLogger } from '../../../src/main/log';
import { createAccountsHandlers } from '../../../src/main/handlers/accounts-handlers';
import { type ProfileView, validateProfileDraft } from '../../../src/shared/profiles';
import { startTestServices } from '../support/services';
import { draft, makeAccounts } from './support';

describe('profiles', () => {
  it('starts with the sandbox profile selected on first launch', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    const state = await accounts.state();
    expect(state.activeProfileId).toBe('sandbox');
    expect(state.profiles).toEqual([expect.objectContaining({ id: 'sandbox', name: 'Sandbox (demo)', builtIn: true, hidden: false })]);
    expect(state.presets.map((preset) => preset.baseUrl)).toEqual([
      'https://api.onbuka.com',
      'https://api.itniotech.com',
      'https://api.laaffic.com',
    ]);
  });

  it('never returns the secret, only that one is stored', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    const saved = await accounts.save(draft());
    expect(JSON.stringify(saved)).not.toContain('TopSecret-4f9a');
    expect(JSON.stringify(await accounts.state())).not.toContain('TopSecret-4f9a');
    expect(saved.secretStored).toBe(true);
  });

  it('keeps a path prefix in the base URL and drops a trailing slash', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    const saved = await accounts.save(draft({ baseUrl: 'https://gw.example.com/platform/' }));
    expect(saved.baseUrl).toBe('https://gw.example.com/platform');
  });

  it('refuses bad drafts with a message per field', async () => {
    const { accounts, file } = makeAccounts(createMemorySecretStore());
    const attempt = accounts.save(
      draft({ name: ' ', baseUrl: 'http://api.onbuka.com', apiKey: 'has space', timeZone: 'Mars/Olympus', pageSize: 101, apiSecret: undefined }),
    );
    await expect(attempt).rejects.toBeInstanceOf(AccountsError);
    const error = (await attempt.catch((e: unknown) => e)) as AccountsError;
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['apiKey', 'apiSecret', 'baseUrl', 'name', 'pageSize', 'timeZone']);
    expect(() => readFileSync(file)).toThrow();
  });

  it('keeps archive settings per profile (defaults until changed, validated, kept when the profile is edited)', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    const saved = await accounts.save(draft());
    expect(accounts.archiveSettings(saved.id)).toEqual({ enabled: true, retentionDays: 180, refreshHours: 24, historyDays: 60 });
    expect(() =>
      accounts.setArchiveSettings(saved.id, { enabled: true, retentionDays: 0, refreshHours: -1, historyDays: 63 }),
    ).toThrow(
      expect.objectContaining({
        fields: {
          retentionDays: expect.any(String),
          refreshHours: expect.any(String),
          historyDays: expect.stringContaining('two months'),
        },
      }),
    );
    accounts.setArchiveSettings(saved.id, { enabled: false, retentionDays: 30, refreshHours: 6, historyDays: 14 });
    await accounts.save(draft({ id: saved.id, apiSecret: undefined, name: 'Renamed' }));
    expect(accounts.archiveSettings(saved.id)).toEqual({ enabled: false, retentionDays: 30, refreshHours: 6, historyDays: 14 });
    accounts.setArchiveSettings('sandbox', { enabled: true, retentionDays: 7, refreshHours: 1, historyDays: 62 });
    expect(accounts.archiveSettings('sandbox')).toEqual({ enabled: true, retentionDays: 7, refreshHours: 1, historyDays: 62 });
  });

  it('refuses a duplicate name and the sandbox name', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    await accounts.save(draft());
    await expect(accounts.save(draft({ name: 'buka PRODUCTION' }))).rejects.toMatchObject({ fields: { name: expect.any(String) } });
    await expect(accounts.save(draft({ name: 'Sandbox (demo)' }))).rejects.toMatchObject({ fields: { name: expect.any(String) } });
  });

  it('takes a name typed in decomposed form (a macOS shell, a pasted text) as the same name', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    const composed = await accounts.save(draft({ name: '\u00c9quipe de nuit' }));
    const decomposed = 'E\u0301quipe de nuit';
    await expect(accounts.save(draft({ name: decomposed.toLowerCase() }))).rejects.toMatchObject({ fields: { name: expect.any(String) } });
    expect(accounts.findByName(decomposed)?.id).toBe(composed.id);
  });

  it('refuses a name with an invisible character, naming the character to remove', () => {
    const invisible = [
      ...[0x200b, 0x200c, 0x200d, 0x200e, 0x200f],
      ...[0x2060, 0x2061, 0x2062, 0x2063, 0x2064],
      0xfeff,
      ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e],
      ...[0x2066, 0x2067, 0x2068, 0x2069],
    ];
    for (const code of invisible) {
      const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      const errors = validateProfileDraft(draft({ name: `Buka${String.fromCodePoint(code)} production` }), { creating: true });
      expect(errors.name, hex).toContain(hex);
      expect(errors.name, hex).toMatch(/remove/i);
    }
    // Joiners inside a Persian word and an emoji sequence are how those are written.
    for (const name of ['\u8fd0\u8425', '\u00c9quipe de nuit', 'Buka production (EU) #2', 'Ops \u{1F4DE}', '\u067e\u0634\u062a\u06cc\u0628\u0627\u0646\u06cc\u200c\u0634\u0628', 'Ops \u{1F468}\u200d\u{1F469}\u200d\u{1F467}']) {
      expect(validateProfileDraft(draft({ name }), { creating: true }), name).toEqual({});
    }
  });

  it('refuses an invisible character however the profile is created or renamed', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    const lookalike = 'Buka\u200b production';
    await expect(accounts.save(draft({ name: lookalike }))).rejects.toMatchObject({ fields: { name: expect.stringContaining('U+200B') } });
    const saved = await accounts.save(draft());
    const rename = accounts.save(draft({ id: saved.id, apiSecret: undefined, name: 'Buka \u202eproduction' }));
    await expect(rename).rejects.toMatchObject({ fields: { name: expect.stringContaining('U+202E') } });
    // The desktop window and the browser host both call these handlers.
    const handlers = createAccountsHandlers(accounts, createLogger({ console: false, sink: () => undefined }));
    const answer = await handlers.saveProfile(draft({ name: 'Night\u2060shift' }));
    expect(answer).toMatchObject({ ok: false, error: { fields: { name: expect.stringContaining('U+2060') } } });
    expect((await accounts.state()).profiles.map((p) => p.name)).toEqual(['Sandbox (demo)', 'Buka production']);
  });

  it('refuses what a header cannot carry in the key, control characters in the name and secret, and pastes past their length', () => {
    const fieldsOf = (patch: Parameters<typeof draft>[0]): Record<string, string> => validateProfileDraft(draft(patch), { creating: true });
    expect(fieldsOf({ name: 'a\u0000\u001b[31mb' }).name).toMatch(/Character 2 is an invisible control character \(U\+0000\)/);
    expect(fieldsOf({ name: 'x\udc00' }).name).toMatch(/half of a character/);
    for (const apiKey of ['ключ', '🔑', 'clé', 'k\u007f', 'k\u0000x']) {
      expect(fieldsOf({ apiKey }).apiKey, apiKey).toMatch(/of the API key \(U\+[0-9A-F]{4,5}\) cannot be sent/);
    }
    expect(fieldsOf({ apiKey: 'k'.repeat(513) }).apiKey).toBe('The API key may have at most 512 characters: check that only the key was copied.');
    expect(fieldsOf({ apiSecret: 's'.repeat(513) }).apiSecret).toMatch(/at most 512 characters/);
    expect(fieldsOf({ apiSecret: 'line\nbreak' }).apiSecret).toMatch(/control character \(U\+000A\)/);
    expect(fieldsOf({ baseUrl: `https://a.example/${'p'.repeat(600)}` }).baseUrl).toBe('The address may have at most 512 characters.');
    expect(fieldsOf({ apiKey: 'AbC-123_x.y~z!', apiSecret: 'S3cr#t/+=' })).toEqual({});
  });

  it('accepts IANA zones and fixed offsets', () => {
    for (const timeZone of ['Asia/Shanghai', 'Europe/London', '+08:00', '-03:30', 'UTC']) {
      expect(validateProfileDraft(draft({ timeZone }), { creating: true })).toEqual({});
    }
  });

  it('says what was typed in the zone field and why it is refused', () => {
    const zoneError = (timeZone: string) => validateProfileDraft(draft({ timeZone }), { creating: true }).timeZone;
    expect(zoneError('+18:59')).toBe('"+18:59" is beyond +14:00, the largest offset in use.');
    expect(zoneError('UTC-13')).toBe('"UTC-13" is beyond -12:00, the smallest offset in use.');
    expect(zoneError('+05:75')).toBe('"+05:75" has more minutes than an hour: the minutes of an offset run from 00 to 59.');
    expect(zoneError('Mars/Olympus')).toMatch(/^"Mars\/Olympus" is not a time zone name/);
    expect(zoneError('+123')).toMatch(/^"\+123" is not an offset .*\+08:00/);
    for (const timeZone of ['+5:30', '+08', '+0800', 'UTC+8', 'GMT-3', 'UTC', '+14:00', '-12:00']) {
      expect(zoneError(timeZone), timeZone).toBeUndefined();
    }
  });

  it('saves a zone in its one form, as it is shown and written', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    expect((await accounts.save(draft({ timeZone: ' UTC+8 ' }))).timeZone).toBe('+08:00');
    expect((await accounts.save(draft({ name: 'Other', timeZone: 'gmt-3' }))).timeZone).toBe('-03:00');
    const sandbox = await accounts.save({ id: 'sandbox', timeZone: '+5:30', defaultAppId: '', pageSize: 25 });
    expect(sandbox.timeZone).toBe('+05:30');
  });

  it('loads a profile saved with a zone no longer taken, and its form says why when saved', async () => {
    const { accounts, file } = makeAccounts(createMemorySecretStore());
    const odd = { id: 'p1', name: 'Odd zone', baseUrl: 'https://api.onbuka.com', apiKey: 'k1', defaultAppId: '', timeZone: '+18:59', pageSize: 25, secretStored: true };
    writeFileSync(file, JSON.stringify({ version: 1, activeProfileId: 'p1', sandboxHidden: false, sandbox: null, profiles: [odd] }));
    const state = await accounts.state();
    expect(state.profiles.find((profile) => profile.id === 'p1')).toMatchObject({ timeZone: '+18:59' });
    expect(state.warnings).toEqual([]);
    const { timeZone, ...rest } = odd;
    const attempt = await accounts.save({ ...rest, timeZone }).catch((error: unknown) => error);
    expect(attempt).toMatchObject({ fields: { timeZone: '"+18:59" is beyond +14:00, the largest offset in use.' } });
  });

  it('allows plain http only on loopback (the sandbox)', () => {
    expect(validateProfileDraft(draft({ baseUrl: 'http://127.0.0.1:4010' }), { creating: true })).toEqual({});
    expect(validateProfileDraft(draft({ baseUrl: 'http://10.0.0.5' }), { creating: true })).toHaveProperty('baseUrl');
  });

  it('switches the active profile and falls back to the sandbox when it is deleted', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    const saved = await accounts.save(draft());
    accounts.setActive(saved.id);
    expect((await accounts.active())?.id).toBe(saved.id);
    await accounts.remove(saved.id);
    expect((await accounts.active())?.id).toBe('sandbox');
  });

  it('cannot delete the sandbox, only hide it', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    await expect(accounts.remove('sandbox')).rejects.toMatchObject({ code: 'built-in' });
    const other = await accounts.save(draft());
    accounts.setSandboxHidden(true);
    const state = await accounts.state();
    expect(state.profiles.find((p) => p.id === 'sandbox')?.hidden).toBe(true);
    expect(state.activeProfileId).toBe(other.id);
    accounts.setActive('sandbox');
    expect((await accounts.state()).profiles.find((p) => p.id === 'sandbox')?.hidden).toBe(false);
  });

  it('sets a corrupt profiles file aside, keeps it, and tells the user where', async () => {
    const { accounts, file, dir } = makeAccounts(createMemorySecretStore());
    writeFileSync(file, '{"profiles": [tru');
    const state = await accounts.state();
    expect(state.activeProfileId).toBe('sandbox');
    const kept = readdirSync(dir).filter((name) => name.startsWith('profiles.json.corrupt-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(dir, kept[0] ?? ''), 'utf8')).toBe('{"profiles": [tru');
    expect(state.warnings).toEqual([expect.stringContaining(join(dir, kept[0] ?? ''))]);
    // Still told after the next write, for as long as the app runs.
    await accounts.save(draft());
    expect((await accounts.state()).warnings).toEqual([expect.stringContaining(kept[0] ?? '')]);
  });

  it('treats only a missing file as "no profiles": any other read error is shown and nothing is written', async () => {
    const { accounts, file } = makeAccounts(createMemorySecretStore());
    mkdirSync(file); // a folder where the file should be
    const handlers = createAccountsHandlers(accounts, createLogger({ console: false, sink: () => undefined }));
    const listed = await handlers.listProfiles(undefined);
    expect(listed).toMatchObject({ ok: false, error: { code: 'profiles-unreadable', message: expect.stringContaining(file) } });
    const saved = await handlers.saveProfile(draft());
    expect(saved).toMatchObject({ ok: false, error: { code: 'profiles-unreadable' } });
    expect(statSync(file).isDirectory()).toBe(true);
    expect(readdirSync(file)).toEqual([]);
  });

  it('keeps an entry with one bad field through later writes, and says it could not be read', async () => {
    const { accounts, file } = makeAccounts(createMemorySecretStore());
    const good = { id: 'p1', name: 'Good', baseUrl: 'https://api.onbuka.com', apiKey: 'k1', defaultAppId: '', timeZone: '+08:00', pageSize: 25, secretStored: true };
    const bad = { ...good, id: 'p2', name: 'Odd one', pageSize: 'fifty' };
    writeFileSync(file, JSON.stringify({ version: 1, activeProfileId: 'p1', sandboxHidden: false, sandbox: null, profiles: [good, bad] }));
    const state = await accounts.state();
    expect(state.profiles.map((p) => p.id)).toEqual(['sandbox', 'p1']);
    expect(state.warnings).toEqual([expect.stringContaining('Odd one')]);
    await accounts.save(draft());
    const written = JSON.parse(readFileSync(file, 'utf8')) as { profiles: unknown[] };
    expect(written.profiles).toContainEqual(bad);
    expect(written.profiles).toHaveLength(3);
  });

  it('lets the sandbox keep its own zone, page size and appId', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    const view = await accounts.save({ id: 'sandbox', timeZone: '+05:30', pageSize: 10, defaultAppId: 'x1' });
    expect(view).toMatchObject({ id: 'sandbox', timeZone: '+05:30', pageSize: 10, defaultAppId: 'x1' });
    expect((await accounts.connection('sandbox')).timeZone).toBe('+05:30');
  });

  it("refuses a name, key, secret or address for the sandbox at each field, saying they are fixed, and changes nothing", async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    const handlers = createAccountsHandlers(accounts, createLogger({ console: false }));
    const before = await accounts.state();
    const fixed = "The sandbox (demo) profile's name, API key, API secret and address are fixed: add a profile of your own to use other ones.";
    const answer = await handlers.saveProfile({
      id: 'sandbox',
      name: 'h24',
      apiKey: 'k1',
      apiSecret: 's1',
      baseUrl: 'https://api.onbuka.com',
      defaultAppId: 'app',
      timeZone: '+08:00',
      pageSize: 25,
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'validation', fields: { name: fixed, apiKey: fixed, apiSecret: fixed, baseUrl: fixed } } });
    const key = await handlers.saveProfile({ id: 'sandbox', apiKey: 'sandbox-demo-key', defaultAppId: 'app', timeZone: '+08:00', pageSize: 25 });
    expect(key.ok === false && Object.keys(key.error.fields ?? {})).toEqual(['apiKey']);
    expect(await accounts.state()).toEqual(before);
  });
});

describe('the sandbox profile over the bridge', () => {
  const { services, call } = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'sandbox-save-')) });
  afterAll(() => services.close());

  it('saves the settings the Accounts screen sends for it, without a name, key or address', async () => {
    const saved = await call<ProfileView>('saveProfile', { id: 'sandbox', defaultAppId: 'app-2', timeZone: 'UTC+8', pageSize: 50 });
    expect(saved).toMatchObject({ ok: true, value: { id: 'sandbox', defaultAppId: 'app-2', timeZone: '+08:00', pageSize: 50, apiKey: 'sandbox-demo-key' } });
    const other = await call('saveProfile', { name: 'No key', baseUrl: 'https://api.onbuka.com', apiSecret: 's', defaultAppId: '', timeZone: '+08:00', pageSize: 25 });
    expect(other).toMatchObject({ ok: false, error: { code: 'validation', fields: { apiKey: 'Enter the API key from the platform console.' } } });
  });
});
