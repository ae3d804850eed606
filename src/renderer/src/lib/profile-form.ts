import { PLATFORM_OFFSETLESS_ZONE, type BrandPreset } from '../../../shared/platform';
import { SANDBOX_PROFILE_ID, type ProfileDraft, type ProfileDraftRequest, type ProfileSettings, type ProfileView } from '../../../shared/profiles';
import { m } from '../../../shared/i18n';

export type ProfileFormValues = ProfileSettings;

/** A profile's name as shown: the built-in sandbox's in the interface language, any other as the user wrote it. */
export function profileName(profile: Pick<ProfileView, 'name' | 'builtIn'>): string {
  return profile.builtIn ? m.shell_sandbox_name() : profile.name;
}

/** The shown name of the profile a record (an MMS send) was made with, from the id and the name it recorded. */
export function recordedProfileName(record: { profileId: string; profileName: string }): string {
  return profileName({ name: record.profileName, builtIn: record.profileId === SANDBOX_PROFILE_ID });
}

/** A new profile: the preset's address and the zone the platform writes offset-less times in (shown, changeable). */
export function emptyForm(preset: BrandPreset | undefined): ProfileFormValues {
  return {
    name: '',
    baseUrl: preset?.baseUrl ?? '',
    apiKey: '',
    defaultAppId: '',
    timeZone: preset?.timeZone ?? PLATFORM_OFFSETLESS_ZONE,
    pageSize: 25,
  };
}

export function formFromProfile(profile: ProfileView): ProfileFormValues {
  const { name, baseUrl, apiKey, defaultAppId, timeZone, pageSize } = profile;
  return { name, baseUrl, apiKey, defaultAppId, timeZone, pageSize };
}

/** The draft sent to main; the secret goes only when the user typed a new one. */
export function draftFrom(
  values: ProfileFormValues,
  id: string | null,
  secret: string | null,
  options: { sessionOnly?: boolean } = {},
): ProfileDraft {
  const draft: ProfileDraft = { ...values, pageSize: Number(values.pageSize) };
  if (id !== null) draft.id = id;
  if (secret !== null) {
    draft.apiSecret = secret;
    if (options.sessionOnly === true) draft.secretForSessionOnly = true;
  }
  return draft;
}

/** What a save or test of the built-in sandbox sends: only the settings that may change (its name, key, secret and address are fixed). */
export function sandboxDraftFrom(values: ProfileFormValues): ProfileDraftRequest {
  const { defaultAppId, timeZone, pageSize } = values;
  return { id: SANDBOX_PROFILE_ID, defaultAppId, timeZone, pageSize: Number(pageSize) };
}

export const SUGGESTED_ZONES = [
  'UTC',
  '+08:00',
  'Asia/Shanghai',
  'Asia/Singapore',
  'Asia/Hong_Kong',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Asia/Jakarta',
  'Asia/Manila',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Sao_Paulo',
];
