import { randomUUID } from 'node:crypto';
import { m } from '../../shared/i18n';
import { BRAND_PRESETS, PLATFORM_OFFSETLESS_ZONE } from '../../shared/platform';
import {
  archiveSettingsOf,
  validateArchiveSettings,
  type ArchiveSettings,
  normaliseBaseUrl,
  SANDBOX_FIXED_FIELDS,
  SANDBOX_PROFILE_ID,
  validateProfileDraft,
  type ProfileDraft,
  type ProfileDraftRequest,
  type ProfilesState,
  type ProfileView,
} from '../../shared/profiles';
import { scheduleSettingsOf, validateScheduleSettings, type ScheduleSettings } from '../../shared/schedule';
import { shownZoneOf, type TimeZone, zoneText } from '../../shared/time-zone';
import type { Logger } from '../log';
import type { ConnectionTarget } from './connection-test';
import type { ProfileStore, StoredProfile, StoredProfiles } from './profile-store';
import { KeychainUnavailableError, type SecretStore } from './secret-store';

/** Everything needed to sign calls for a profile. Main-only: it holds the secret. */
export interface Connection {
  profileId: string;
  profileName: string;
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  timeZone: string;
  pageSize: number;
  defaultAppId: string;
}

/** The built-in simulator, started on first use. */
export interface SandboxEndpoint {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
}

export interface AccountsOptions {
  store: ProfileStore;
  secrets: SecretStore;
  log: Logger;
  sandbox: () => Promise<SandboxEndpoint>;
  /** Whether the sandbox is already running (its address is shown only then). */
  sandboxAddress: () => string | null;
}

export class AccountsError extends Error {
  override name = 'AccountsError';
  constructor(
    readonly code: 'not-found' | 'validation' | 'built-in',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * What makes two profile names the same name: any case, and any Unicode form of the same
 * letters (É typed as one character or as E and an accent look alike and are one name).
 */
function nameKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

/** The built-in profile's name, in any language the app offers ("Sandbox (demo)", "沙盒（演示）"), any case. */
function isSandboxName(name: string): boolean {
  const wanted = nameKey(name);
  return (['en', 'zh-CN'] as const).some((locale) => nameKey(m.errors_sandbox_name({}, { locale })) === wanted);
}

/** Another profile's draft as the form makes it: a name, address or key left out is empty, and refused as such. */
function wholeDraft(request: ProfileDraftRequest): ProfileDraft {
  return { ...request, name: request.name ?? '', baseUrl: request.baseUrl ?? '', apiKey: request.apiKey ?? '' };
}

/**
 * Profiles: metadata in profiles.json, secrets in the keychain, plus the built-in
 * "Sandbox (demo)" profile, which cannot be deleted, only hidden.
 */
export class Accounts {
  /** Secrets the user chose to keep for this session only: in memory, never on disk. */
  private readonly sessionSecrets = new Map<string, string>();

  constructor(private readonly options: AccountsOptions) {}

  async state(): Promise<ProfilesState> {
    const stored = this.options.store.read();
    const views = [this.sandboxView(stored), ...stored.profiles.map((profile) => this.view(profile))];
    return {
      profiles: views,
      activeProfileId: this.activeId(stored),
      presets: BRAND_PRESETS,
      warnings: this.options.store.warnings(stored),
    };
  }

  /** The zone a profile's times are shown and written in (shownZoneOf); UTC for a profile not found. */
  async shownZone(id: string): Promise<TimeZone> {
    return shownZoneOf((await this.state()).profiles.find((profile) => profile.id === id)?.timeZone);
  }

  async active(): Promise<ProfileView | null> {
    const state = await this.state();
    return state.profiles.find((profile) => profile.id === state.activeProfileId) ?? null;
  }

  /** Creates or updates a profile; the secret is written only when the draft carries one. */
  async save(request: ProfileDraftRequest): Promise<ProfileView> {
    const stored = this.options.store.read();
    if (request.id === SANDBOX_PROFILE_ID) return this.saveSandboxSettings(stored, request);
    const draft = wholeDraft(request);
    const existing = draft.id === undefined ? undefined : stored.profiles.find((p) => p.id === draft.id);
    if (draft.id !== undefined && !existing) throw new AccountsError('not-found', m.errors_profile_gone());

    const fields = validateProfileDraft(draft, { creating: existing === undefined, stored: existing });
    const name = draft.name.trim().normalize('NFC');
    const clash = stored.profiles.some((p) => p.id !== draft.id && nameKey(p.name) === nameKey(name));
    if (clash || isSandboxName(name)) fields.name = m.errors_profile_name_taken();
    if (Object.keys(fields).length > 0) {
      throw new AccountsError('validation', m.errors_profile_fields(), fields);
    }

    const profile: StoredProfile = {
      id: existing?.id ?? randomUUID(),
      name,
      baseUrl: normaliseBaseUrl(draft.baseUrl),
      apiKey: draft.apiKey.trim(),
      defaultAppId: draft.defaultAppId.trim(),
      timeZone: zoneText(draft.timeZone),
      pageSize: draft.pageSize,
      secretStored: existing?.secretStored ?? false,
    };
    if (existing?.archive) profile.archive = existing.archive;
    if (existing?.schedule) profile.schedule = existing.schedule;
    if (draft.apiSecret !== undefined) {
      const secret = draft.apiSecret.trim();
      this.options.log.redact(secret);
      if (draft.secretForSessionOnly === true) {
        this.sessionSecrets.set(profile.id, secret);
        profile.secretStored = false;
      } else {
        // Keychain first: if it is unavailable nothing is written and the form keeps its values.
        await this.options.secrets.set(profile.id, secret);
        this.sessionSecrets.delete(profile.id);
        profile.secretStored = true;
      }
    }
    const profiles = existing
      ? stored.profiles.map((p) => (p.id === profile.id ? profile : p))
      : [...stored.profiles, profile];
    this.options.store.write({ ...stored, profiles });
    this.options.log.info(`${existing ? 'updated' : 'created'} profile ${profile.id}`);
    return this.view(profile);
  }

  async remove(id: string): Promise<void> {
    if (id === SANDBOX_PROFILE_ID) {
      throw new AccountsError('built-in', m.errors_sandbox_delete());
    }
    const stored = this.options.store.read();
    const profile = stored.profiles.find((p) => p.id === id);
    if (!profile) throw new AccountsError('not-found', m.errors_profile_gone());
    if (profile.secretStored) await this.options.secrets.delete(id);
    this.sessionSecrets.delete(id);
    const profiles = stored.profiles.filter((p) => p.id !== id);
    const activeProfileId = stored.activeProfileId === id ? null : stored.activeProfileId;
    this.options.store.write({ ...stored, profiles, activeProfileId });
    this.options.log.info(`deleted profile ${id}`);
  }

  setActive(id: string): void {
    const stored = this.options.store.read();
    const exists = id === SANDBOX_PROFILE_ID || stored.profiles.some((p) => p.id === id);
    if (!exists) throw new AccountsError('not-found', m.errors_profile_gone());
    this.options.store.write({ ...stored, activeProfileId: id, sandboxHidden: id === SANDBOX_PROFILE_ID ? false : stored.sandboxHidden });
  }

  setSandboxHidden(hidden: boolean): void {
    const stored = this.options.store.read();
    const activeProfileId =
      hidden && this.activeId(stored) === SANDBOX_PROFILE_ID ? (stored.profiles[0]?.id ?? null) : stored.activeProfileId;
    this.options.store.write({ ...stored, sandboxHidden: hidden, activeProfileId });
  }

  findByName(name: string): ProfileView | undefined {
    const stored = this.options.store.read();
    const wanted = nameKey(name);
    if (wanted === 'sandbox' || isSandboxName(wanted)) return this.sandboxView(stored);
    const profile = stored.profiles.find((p) => nameKey(p.name) === wanted);
    return profile ? this.view(profile) : undefined;
  }

  /**
   * What to sign a connection test with: the typed secret, or the stored one only
   * while the draft keeps the address and key it was saved with.
   */
  async draftTarget(request: ProfileDraftRequest): Promise<ConnectionTarget> {
    if (request.id === SANDBOX_PROFILE_ID) {
      const { baseUrl, apiKey, apiSecret, timeZone } = await this.connection(SANDBOX_PROFILE_ID);
      return { baseUrl, apiKey, apiSecret, timeZone };
    }
    const draft = wholeDraft(request);
    const existing = draft.id === undefined ? undefined : this.options.store.read().profiles.find((p) => p.id === draft.id);
    if (draft.id !== undefined && !existing) throw new AccountsError('not-found', m.errors_profile_gone());
    const fields = validateProfileDraft(draft, { creating: existing === undefined, stored: existing });
    delete fields.name;
    if (Object.keys(fields).length > 0) {
      throw new AccountsError('validation', m.errors_test_fields(), fields);
    }
    const apiSecret = draft.apiSecret?.trim() ?? (await this.connection(draft.id ?? '')).apiSecret;
    this.options.log.redact(apiSecret);
    return { baseUrl: draft.baseUrl.trim(), apiKey: draft.apiKey.trim(), apiSecret, timeZone: zoneText(draft.timeZone) };
  }

  /** How the profile keeps its fetched records (the defaults until changed). */
  archiveSettings(id: string): ArchiveSettings {
    const stored = this.options.store.read();
    if (id === SANDBOX_PROFILE_ID) return archiveSettingsOf(stored.sandbox?.archive);
    const profile = stored.profiles.find((p) => p.id === id);
    if (!profile) throw new AccountsError('not-found', m.errors_profile_gone());
    return archiveSettingsOf(profile.archive);
  }

  setArchiveSettings(id: string, settings: ArchiveSettings): ArchiveSettings {
    const fields = validateArchiveSettings(settings);
    if (Object.keys(fields).length > 0) {
      throw new AccountsError('validation', m.errors_archive_settings_fields(), fields);
    }
    const archive: ArchiveSettings = {
      enabled: settings.enabled,
      retentionDays: settings.retentionDays,
      refreshHours: settings.refreshHours,
      historyDays: settings.historyDays,
    };
    const stored = this.options.store.read();
    if (id === SANDBOX_PROFILE_ID) {
      this.options.store.write({ ...stored, sandbox: { ...this.sandboxSettings(stored), archive } });
      return archive;
    }
    if (!stored.profiles.some((p) => p.id === id)) throw new AccountsError('not-found', m.errors_profile_gone());
    const profiles = stored.profiles.map((p) => (p.id === id ? { ...p, archive } : p));
    this.options.store.write({ ...stored, profiles });
    return archive;
  }

  /** Every profile (the sandbox too) with its zone and scheduled work, read at once for the scheduler. */
  scheduledProfiles(): { id: string; name: string; timeZone: string; schedule: ScheduleSettings }[] {
    const stored = this.options.store.read();
    const sandbox = this.sandboxView(stored);
    return [
      { id: sandbox.id, name: sandbox.name, timeZone: sandbox.timeZone, schedule: scheduleSettingsOf(stored.sandbox?.schedule) },
      ...stored.profiles.map((p) => ({ id: p.id, name: p.name, timeZone: p.timeZone, schedule: scheduleSettingsOf(p.schedule) })),
    ];
  }

  scheduleSettings(id: string): ScheduleSettings {
    const stored = this.options.store.read();
    if (id === SANDBOX_PROFILE_ID) return scheduleSettingsOf(stored.sandbox?.schedule);
    const profile = stored.profiles.find((p) => p.id === id);
    if (!profile) throw new AccountsError('not-found', m.errors_profile_gone());
    return scheduleSettingsOf(profile.schedule);
  }

  setScheduleSettings(id: string, settings: ScheduleSettings): ScheduleSettings {
    const fields = validateScheduleSettings(settings);
    if (Object.keys(fields).length > 0) {
      throw new AccountsError('validation', m.errors_schedule_settings_fields(), fields);
    }
    const report = settings.dailyReport;
    const schedule: ScheduleSettings = {
      syncEveryMinutes: settings.syncEveryMinutes,
      dailyReport: report === null ? null : { atLocalTime: report.atLocalTime, folder: report.folder.trim(), lists: [...new Set(report.lists)] },
    };
    const stored = this.options.store.read();
    if (id === SANDBOX_PROFILE_ID) {
      this.options.store.write({ ...stored, sandbox: { ...this.sandboxSettings(stored), schedule } });
      return schedule;
    }
    if (!stored.profiles.some((p) => p.id === id)) throw new AccountsError('not-found', m.errors_profile_gone());
    this.options.store.write({ ...stored, profiles: stored.profiles.map((p) => (p.id === id ? { ...p, schedule } : p)) });
    return schedule;
  }

  /** The credentials for a profile, read from the keychain here in main. */
  async connection(id: string): Promise<Connection> {
    const stored = this.options.store.read();
    if (id === SANDBOX_PROFILE_ID) {
      const endpoint = await this.options.sandbox();
      const settings = this.sandboxSettings(stored);
      return { profileId: id, profileName: m.errors_sandbox_name(), ...endpoint, ...settings };
    }
    const profile = stored.profiles.find((p) => p.id === id);
    if (!profile) throw new AccountsError('not-found', m.errors_profile_gone());
    const secret = this.sessionSecrets.get(id) ?? (await this.keychainSecret(profile));
    if (secret === null) {
      throw new AccountsError('validation', m.errors_no_secret({ name: profile.name }), {
        apiSecret: m.errors_client_api_secret(),
      });
    }
    this.options.log.redact(secret);
    return {
      profileId: id,
      profileName: profile.name,
      baseUrl: profile.baseUrl,
      apiKey: profile.apiKey,
      apiSecret: secret,
      timeZone: profile.timeZone,
      pageSize: profile.pageSize,
      defaultAppId: profile.defaultAppId,
    };
  }

  /** A profile never saved to the keychain (a session-only secret, after a restart) needs no keychain to say so. */
  private async keychainSecret(profile: StoredProfile): Promise<string | null> {
    try {
      return await this.options.secrets.get(profile.id);
    } catch (error) {
      if (!profile.secretStored && error instanceof KeychainUnavailableError) return null;
      throw error;
    }
  }

  private activeId(stored: StoredProfiles): string | null {
    const ids = new Set(stored.profiles.map((p) => p.id));
    if (stored.activeProfileId !== null && (ids.has(stored.activeProfileId) || stored.activeProfileId === SANDBOX_PROFILE_ID)) {
      return stored.activeProfileId;
    }
    // First launch (or the active one was deleted): the sandbox, unless hidden.
    if (!stored.sandboxHidden) return SANDBOX_PROFILE_ID;
    return stored.profiles[0]?.id ?? null;
  }

  private sandboxSettings(stored: StoredProfiles) {
    // The sandbox serves the platform's zone; the computer's would shift every time by the difference.
    return stored.sandbox ?? { defaultAppId: 'app-demo-01', timeZone: PLATFORM_OFFSETLESS_ZONE, pageSize: 25 };
  }

  /** Only the sandbox's app id, zone and page size change; a name, key, secret or address given is refused, not dropped. */
  private saveSandboxSettings(stored: StoredProfiles, draft: ProfileDraftRequest): ProfileView {
    // Its own name, key and address stand in for the fixed fields, so only the others are judged here.
    const settings = { ...draft, name: m.errors_sandbox_name(), baseUrl: 'https://sandbox.invalid', apiKey: 'x', apiSecret: undefined };
    const fields = validateProfileDraft(settings, { creating: false });
    for (const field of SANDBOX_FIXED_FIELDS) {
      if (draft[field] !== undefined) fields[field] = m.errors_sandbox_fixed();
    }
    if (Object.keys(fields).length > 0) {
      throw new AccountsError('validation', m.errors_profile_fields(), fields);
    }
    const sandbox = {
      ...stored.sandbox,
      defaultAppId: draft.defaultAppId.trim(),
      timeZone: zoneText(draft.timeZone),
      pageSize: draft.pageSize,
    };
    const next = { ...stored, sandbox };
    this.options.store.write(next);
    return this.sandboxView(next);
  }

  private sandboxView(stored: StoredProfiles): ProfileView {
    return {
      id: SANDBOX_PROFILE_ID,
      name: m.errors_sandbox_name(),
      baseUrl: this.options.sandboxAddress() ?? '',
      apiKey: 'sandbox-demo-key',
      ...this.sandboxSettings(stored),
      builtIn: true,
      hidden: stored.sandboxHidden,
      secretStored: true,
      secretInSession: false,
    };
  }

  private view(profile: StoredProfile): ProfileView {
    return { ...profile, builtIn: false, hidden: false, secretInSession: this.sessionSecrets.has(profile.id) };
  }
}
