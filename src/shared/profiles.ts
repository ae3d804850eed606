/**
 * Profiles as the renderer sees them: everything but the secret. The form's
 * validation lives here so the renderer shows field errors live and main refuses
 * the same things again.
 */
import { m } from './i18n';
import { BRAND_PRESETS, LIMITS, type BrandPreset } from './platform';
import type { Label } from './i18n/locale';
import type { Said } from './i18n/said';
import type { ScheduleSettings } from './schedule';
import { echoInput } from './echo';
import { zoneRefusal, type ZoneRefusal } from './time-zone';
import { characterCount, codeName, invisibleCharacterIn, unsendableCharacter } from './validation/text';

export const SANDBOX_PROFILE_ID = 'sandbox';

/** What a person sets for a profile (besides the secret), in the form, on disk and on screen. */
export interface ProfileSettings {
  name: string;
  /** For the built-in sandbox: the loopback address once it runs, else an empty string. */
  baseUrl: string;
  apiKey: string;
  defaultAppId: string;
  /**
   * IANA name or fixed offset: the profile's platform zone, which its offset-less times are
   * read in (shared/platform-zone.ts), and the zone the app shows its times in.
   */
  timeZone: string;
  pageSize: number;
  /** The local archive of fetched records; absent means the defaults. */
  archive?: ArchiveSettings;
  /** Scheduled sync and the daily report (shared/schedule.ts); absent means off. */
  schedule?: ScheduleSettings;
}

/** How a profile keeps the records it fetches on this computer. */
export interface ArchiveSettings {
  /** Off keeps nothing on disk. */
  enabled: boolean;
  /** Rows older than this are removed after a sync (archive/retention.ts); more than half of a list only when confirmed. */
  retentionDays: number;
  /** How far back a sync fetches again, since recent records can still change (call status, cost). */
  refreshHours: number;
  /** How many days back a Sync reaches for the record lists (voice and number records). */
  historyDays: number;
}

export const DEFAULT_ARCHIVE_SETTINGS: Readonly<ArchiveSettings> = { enabled: true, retentionDays: 180, refreshHours: 24, historyDays: 60 };
export const ARCHIVE_RETENTION_DAYS_MAX = 3650;
export const ARCHIVE_REFRESH_HOURS_MAX = 24 * 31;
/**
 * The platform keeps two calendar months of voice records: at most 62 days (July and
 * August). A sync never asks for more than the platform still keeps on the day it runs.
 */
export const ARCHIVE_HISTORY_DAYS_MAX = 62;

/** Field-level problems with archive settings; an empty object means they can be saved. */
export function validateArchiveSettings(settings: ArchiveSettings): Record<string, string> {
  const errors: Record<string, string> = {};
  if (typeof settings.enabled !== 'boolean') errors.enabled = m.errors_archive_on_off();
  const { retentionDays, refreshHours, historyDays } = settings;
  if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > ARCHIVE_RETENTION_DAYS_MAX) {
    errors.retentionDays = m.errors_archive_retention({ max: String(ARCHIVE_RETENTION_DAYS_MAX) });
  }
  if (!Number.isInteger(refreshHours) || refreshHours < 0 || refreshHours > ARCHIVE_REFRESH_HOURS_MAX) {
    errors.refreshHours = m.errors_archive_refresh({ max: ARCHIVE_REFRESH_HOURS_MAX });
  }
  if (!Number.isInteger(historyDays) || historyDays < 1 || historyDays > ARCHIVE_HISTORY_DAYS_MAX) {
    errors.historyDays = m.errors_archive_history({ max: ARCHIVE_HISTORY_DAYS_MAX });
  }
  return errors;
}

/** The stored settings when valid, else the defaults (a hand-edited file never switches the archive off by accident). */
export function archiveSettingsOf(stored: unknown): ArchiveSettings {
  if (typeof stored !== 'object' || stored === null) return { ...DEFAULT_ARCHIVE_SETTINGS };
  const candidate = { ...DEFAULT_ARCHIVE_SETTINGS, ...(stored as Partial<ArchiveSettings>) };
  return Object.keys(validateArchiveSettings(candidate)).length === 0 ? candidate : { ...DEFAULT_ARCHIVE_SETTINGS };
}

export interface ProfileView extends ProfileSettings {
  id: string;
  builtIn: boolean;
  hidden: boolean;
  /** "A secret is stored" is all the renderer ever learns about the secret. */
  secretStored: boolean;
  /** The secret is held in main's memory until Switchboard quits (no keychain was available). */
  secretInSession: boolean;
}

export interface ProfileDraft extends ProfileSettings {
  /** Absent when creating. */
  id?: string;
  /** Only when setting or replacing it; absent leaves the stored secret alone. */
  apiSecret?: string;
  /** Keep the typed secret in main's memory for this session only, never on disk (no keychain). */
  secretForSessionOnly?: boolean;
}

/** What the built-in sandbox's profile keeps as it is: a save giving any of them is refused. */
export const SANDBOX_FIXED_FIELDS = ['name', 'apiKey', 'apiSecret', 'baseUrl'] as const;

/**
 * A save or a connection test as it crosses the bridge: the Accounts screen leaves out the
 * sandbox's name, key and address (they are fixed); another profile's draft gives them all.
 */
export type ProfileDraftRequest = Omit<ProfileDraft, 'name' | 'baseUrl' | 'apiKey'> & Partial<Pick<ProfileDraft, 'name' | 'baseUrl' | 'apiKey'>>;

export interface ProfilesState {
  profiles: ProfileView[];
  activeProfileId: string | null;
  presets: readonly BrandPreset[];
  /** What could not be read from the profiles file and where it was kept, for the user. */
  warnings: string[];
}

export interface ConnectionReport {
  ok: boolean;
  /** One sentence for the person: what worked, or what is wrong and what to do. */
  message: string;
  /** The same as a message of the catalog, when it is one: worded in the language on show. */
  said?: Said;
  latencyMs: number | null;
  /** Set when the computer's clock differs from the server's by more than a minute. */
  clockOffsetMinutes: number | null;
  code: string | null;
  /** The server's own reason text, when it gave one. */
  serverReason: string | null;
}

/** In characters as a person counts them (characterCount), as every text limit is; the Accounts form has no copy of it. */
export const PROFILE_NAME_MAX = 60;
/** The API key, secret and address: the platform's are tens of characters; this bounds a wrong paste. */
export const PROFILE_TEXT_MAX = 512;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function validateBaseUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return m.errors_base_url_full();
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    return m.errors_base_url_https();
  }
  if (url.username || url.password) return m.errors_base_url_credentials();
  if (url.search || url.hash) return m.errors_base_url_query();
  return null;
}

/** Where a stored secret may be sent: the address and key it was saved with. */
export interface SecretBinding {
  baseUrl: string;
  apiKey: string;
}

/** Said when a changed address or key needs the secret typed again: a message function, read when shown. */
export const SECRET_REBIND_MESSAGE: Label = m.errors_secret_rebind;

/**
 * True when a draft without a new secret would sign with the stored one for another
 * host or key. A Sign is replayable for 30 minutes, so the stored secret must not follow.
 */
export function secretMustBeRetyped(stored: SecretBinding, draft: Pick<ProfileDraft, 'baseUrl' | 'apiKey'>): boolean {
  return normaliseBaseUrl(draft.baseUrl) !== normaliseBaseUrl(stored.baseUrl) || draft.apiKey.trim() !== stored.apiKey.trim();
}

/**
 * Field-level problems with a draft; an empty object means it can be saved. `stored` is
 * what an existing profile's secret was saved with.
 */
export function validateProfileDraft(
  draft: ProfileDraft,
  options: { creating: boolean; stored?: SecretBinding },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = draft.name.trim();
  if (name === '') errors.name = m.errors_profile_name_empty();
  else if (characterCount(name) > PROFILE_NAME_MAX) errors.name = m.errors_profile_name_long({ max: PROFILE_NAME_MAX });
  else {
    const invisible = invisibleCharacterIn(name);
    const flaw = invisible === null ? unsendableCharacter(name) : m.errors_profile_name_invisible({ code: invisible });
    if (flaw !== null) errors.name = flaw;
  }

  const urlProblem = draft.baseUrl.length > PROFILE_TEXT_MAX ? m.errors_base_url_long({ max: PROFILE_TEXT_MAX }) : validateBaseUrl(draft.baseUrl);
  if (urlProblem) errors.baseUrl = urlProblem;

  const keyProblem = apiKeyProblem(draft.apiKey.trim());
  if (keyProblem !== null) errors.apiKey = keyProblem;

  const secretMissing = draft.apiSecret === undefined || draft.apiSecret.trim() === '';
  if (secretMissing) {
    if (options.creating) errors.apiSecret = m.errors_api_secret_empty();
    else if (options.stored && secretMustBeRetyped(options.stored, draft)) errors.apiSecret = SECRET_REBIND_MESSAGE();
    else if (draft.apiSecret !== undefined) errors.apiSecret = m.errors_api_secret_keep();
  } else if (draft.apiSecret !== undefined) {
    const secret = draft.apiSecret.trim();
    const flaw = characterCount(secret) > PROFILE_TEXT_MAX ? m.errors_api_secret_long({ max: PROFILE_TEXT_MAX }) : unsendableCharacter(secret);
    if (flaw !== null) errors.apiSecret = flaw;
  }

  const zoneProblem = timeZoneProblem(draft.timeZone);
  if (zoneProblem !== null) errors.timeZone = zoneProblem;
  if (!Number.isInteger(draft.pageSize) || draft.pageSize < LIMITS.pageSizeMin || draft.pageSize > LIMITS.pageSizeMax) {
    errors.pageSize = m.errors_profile_page_size({ min: LIMITS.pageSizeMin, max: LIMITS.pageSizeMax });
  }
  if (draft.defaultAppId.length > 64) errors.defaultAppId = m.errors_app_id_long({ max: 64 });
  return errors;
}

const ZONE_PROBLEMS: Record<Exclude<ZoneRefusal, 'empty'>, (inputs: { text: string }) => string> = {
  'beyond-max': m.errors_time_zone_beyond_max,
  'beyond-min': m.errors_time_zone_beyond_min,
  minutes: m.errors_time_zone_minutes,
  'offset-form': m.errors_time_zone_offset_form,
  unknown: m.errors_time_zone_unknown,
};

/** Why the zone typed is refused, saying what was typed; null when it is a zone. */
export function timeZoneProblem(typed: string): string | null {
  const refusal = zoneRefusal(typed);
  if (refusal === null) return null;
  return refusal === 'empty' ? m.errors_time_zone() : ZONE_PROBLEMS[refusal]({ text: echoInput(typed.trim(), 60) });
}

/** The key travels in a request header: only printable ASCII can (anything else arrives mangled or not at all). */
function apiKeyProblem(key: string): string | null {
  if (key === '') return m.errors_api_key_empty();
  if (/\s/.test(key)) return m.errors_api_key_spaces();
  if (characterCount(key) > PROFILE_TEXT_MAX) return m.errors_api_key_long({ max: PROFILE_TEXT_MAX });
  let position = 0;
  for (const char of key) {
    position += 1;
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x21 || code > 0x7e) {
      return m.errors_api_key_characters({ position: String(position), code: codeName(code) });
    }
  }
  return null;
}

/** Strips a trailing slash but keeps any path prefix the deployment needs. */
export function normaliseBaseUrl(text: string): string {
  return text.trim().replace(/\/+$/, '');
}

export function presetFor(baseUrl: string): BrandPreset | undefined {
  return BRAND_PRESETS.find((preset) => preset.baseUrl === normaliseBaseUrl(baseUrl));
}
