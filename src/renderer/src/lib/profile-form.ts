import type { ProfileDraft, ProfileSettings, ProfileView } from '../../../shared/profiles';

export type ProfileFormValues = ProfileSettings;

export function computerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function emptyForm(baseUrl: string): ProfileFormValues {
  return { name: '', baseUrl, apiKey: '', defaultAppId: '', timeZone: computerTimeZone(), pageSize: 25 };
}

export function formFromProfile(profile: ProfileView): ProfileFormValues {
  const { name, baseUrl, apiKey, defaultAppId, timeZone, pageSize } = profile;
  return { name, baseUrl, apiKey, defaultAppId, timeZone, pageSize };
}

/** The draft sent to main; the secret goes only when the user typed a new one. */
export function draftFrom(values: ProfileFormValues, id: string | null, secret: string | null): ProfileDraft {
  const draft: ProfileDraft = { ...values, pageSize: Number(values.pageSize) };
  if (id !== null) draft.id = id;
  if (secret !== null) draft.apiSecret = secret;
  return draft;
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
