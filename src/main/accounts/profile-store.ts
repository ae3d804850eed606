import { readFileSync, renameSync } from 'node:fs';
import { writeFileAtomically } from '../atomic-file';
import { m } from '../../shared/i18n';
import { isRecord } from '../../shared/parse';
import { archiveSettingsOf, type ProfileSettings } from '../../shared/profiles';
import { scheduleSettingsOf } from '../../shared/schedule';

/** What is kept on disk for a profile: never the secret. */
export interface StoredProfile extends ProfileSettings {
  id: string;
  /** Whether a secret was written to the keychain for it (so listing never touches the keychain). */
  secretStored: boolean;
}

export interface StoredProfiles {
  version: 1;
  activeProfileId: string | null;
  sandboxHidden: boolean;
  /** Per built-in profile: settings the user may change (time zone, page size, appId). */
  sandbox: Pick<StoredProfile, 'defaultAppId' | 'timeZone' | 'pageSize' | 'archive' | 'schedule'> | null;
  profiles: StoredProfile[];
  /** Entries the app could not read, written back exactly as found so nothing is lost. */
  unreadable: unknown[];
}

/** The file exists but cannot be read (permissions, a folder in its place...): nothing may be written over it. */
export class ProfilesUnreadableError extends Error {
  override name = 'ProfilesUnreadableError';
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(m.errors_profiles_unreadable({ file, reason }));
  }
}

const EMPTY: StoredProfiles = {
  version: 1,
  activeProfileId: null,
  sandboxHidden: false,
  sandbox: null,
  profiles: [],
  unreadable: [],
};

/**
 * profiles.json in userData, written atomically (temp file + rename) so a crash
 * mid-write never leaves a half file. Only a missing file means "no profiles"; a file
 * that is not JSON is set aside (and the user told where), an entry that cannot be
 * read is kept as it is.
 */
export class ProfileStore {
  private setAside: string | null = null;

  constructor(private readonly file: string) {}

  read(): StoredProfiles {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if (isErrnoCode(error, 'ENOENT')) return structuredClone(EMPTY);
      throw new ProfilesUnreadableError(this.file, error instanceof Error ? error.message : String(error));
    }
    const parsed = parseJson(text);
    if (!isRecord(parsed) || !Array.isArray(parsed.profiles)) {
      const kept = `${this.file}.corrupt-${Date.now()}`;
      renameSync(this.file, kept);
      this.setAside = kept;
      return structuredClone(EMPTY);
    }
    return parseStoredProfiles(parsed, parsed.profiles);
  }

  write(state: StoredProfiles): void {
    const { unreadable, ...readable } = state;
    const onDisk = { ...readable, profiles: [...readable.profiles, ...unreadable] };
    writeFileAtomically(this.file, `${JSON.stringify(onDisk, null, 2)}\n`, { mode: 0o600 });
  }

  /** Sentences for the user about what could not be read and where it was kept. */
  warnings(state: StoredProfiles): string[] {
    const warnings: string[] = [];
    if (this.setAside !== null) {
      warnings.push(m.errors_profiles_damaged({ path: this.setAside }));
    }
    for (const entry of state.unreadable) {
      warnings.push(
        isRecord(entry) && typeof entry.name === 'string'
          ? m.errors_profile_unreadable_named({ name: entry.name, file: this.file })
          : m.errors_profile_unreadable_one({ file: this.file }),
      );
    }
    return warnings;
  }
}

function isErrnoCode(error: unknown, code: string): boolean {
  return isRecord(error) && error.code === code;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseStoredProfiles(value: Record<string, unknown>, entries: unknown[]): StoredProfiles {
  const profiles: StoredProfile[] = [];
  const unreadable: unknown[] = [];
  for (const entry of entries) {
    if (!isStoredProfile(entry)) {
      unreadable.push(entry);
      continue;
    }
    const profile: StoredProfile = { ...entry, secretStored: entry.secretStored === true };
    if (entry.archive !== undefined) profile.archive = archiveSettingsOf(entry.archive);
    if (entry.schedule !== undefined) profile.schedule = scheduleSettingsOf(entry.schedule);
    profiles.push(profile);
  }
  const sandbox = isRecord(value.sandbox) ? pickSandbox(value.sandbox) : null;
  return {
    version: 1,
    activeProfileId: typeof value.activeProfileId === 'string' ? value.activeProfileId : null,
    sandboxHidden: value.sandboxHidden === true,
    sandbox,
    profiles,
    unreadable,
  };
}
function pickSandbox(value: Record<string, unknown>): StoredProfiles['sandbox'] {
  const { defaultAppId, timeZone, pageSize, archive, schedule } = value;
  if (typeof defaultAppId !== 'string' || typeof timeZone !== 'string' || typeof pageSize !== 'number') return null;
  const sandbox: NonNullable<StoredProfiles['sandbox']> = { defaultAppId, timeZone, pageSize };
  if (archive !== undefined) sandbox.archive = archiveSettingsOf(archive);
  if (schedule !== undefined) sandbox.schedule = scheduleSettingsOf(schedule);
  return sandbox;
}

function isStoredProfile(value: unknown): value is Omit<StoredProfile, 'secretStored'> & { secretStored?: unknown } {
  if (!isRecord(value)) return false;
  return (
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.baseUrl === 'string' &&
    typeof value.apiKey === 'string' &&
    typeof value.defaultAppId === 'string' &&
    typeof value.timeZone === 'string' &&
    typeof value.pageSize === 'number'
  );
}
