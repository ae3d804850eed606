import { readFileSync, renameSync } from 'node:fs';
import { writeFileAtomically } from '../atomic-file';
import { isRecord } from '../../shared/parse';
import type { ProfileSettings } from '../../shared/profiles';

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
  sandbox: Pick<StoredProfile, 'defaultAppId' | 'timeZone' | 'pageSize'> | null;
  profiles: StoredProfile[];
}

const EMPTY: StoredProfiles = { version: 1, activeProfileId: null, sandboxHidden: false, sandbox: null, profiles: [] };

/**
 * profiles.json in userData, written atomically (temp file + rename) so a crash
 * mid-write never leaves a half file. A corrupt file is set aside, not lost.
 */
export class ProfileStore {
  constructor(private readonly file: string) {}

  read(): StoredProfiles {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return structuredClone(EMPTY);
    }
    try {
      return parseStoredProfiles(JSON.parse(text));
    } catch {
      renameSync(this.file, `${this.file}.corrupt-${Date.now()}`);
      return structuredClone(EMPTY);
    }
  }

  write(state: StoredProfiles): void {
    writeFileAtomically(this.file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  }
}

function parseStoredProfiles(value: unknown): StoredProfiles {
  if (!isRecord(value) || !Array.isArray(value.profiles)) throw new Error('not a profiles file');
  const profiles = value.profiles.filter(isStoredProfile).map((p) => ({ ...p, secretStored: p.secretStored === true }));
  const sandbox = isRecord(value.sandbox) ? pickSandbox(value.sandbox) : null;
  return {
    version: 1,
    activeProfileId: typeof value.activeProfileId === 'string' ? value.activeProfileId : null,
    sandboxHidden: value.sandboxHidden === true,
    sandbox,
    profiles,
  };
}

function pickSandbox(value: Record<string, unknown>): StoredProfiles['sandbox'] {
  const { defaultAppId, timeZone, pageSize } = value;
  if (typeof defaultAppId !== 'string' || typeof timeZone !== 'string' || typeof pageSize !== 'number') return null;
  return { defaultAppId, timeZone, pageSize };
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
