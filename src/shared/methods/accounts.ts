import * as p from '../parse';
import type { ConnectionReport, ProfilesState, ProfileView } from '../profiles';
import { method } from './define';

/** A ProfileDraftRequest: the sandbox's is sent without its fixed name, address and key. */
const profileDraft = p.object({
  id: p.optional(p.string),
  name: p.optional(p.string),
  baseUrl: p.optional(p.string),
  apiKey: p.optional(p.string),
  apiSecret: p.optional(p.string),
  secretForSessionOnly: p.optional(p.boolean),
  defaultAppId: p.string,
  timeZone: p.string,
  pageSize: p.integer,
});
const profileId = p.object({ id: p.string });

export const accountMethods = {
  listProfiles: method<undefined, ProfilesState>(p.nothing),
  getActiveProfile: method<undefined, ProfileView | null>(p.nothing),
  /** Creates (no id) or updates a profile; the secret is stored only when given. */
  saveProfile: method<p.ParsedOf<typeof profileDraft>, ProfileView>(profileDraft),
  deleteProfile: method<{ id: string }, null>(profileId),
  setActiveProfile: method<{ id: string }, ProfileView>(profileId),
  setSandboxHidden: method<{ hidden: boolean }, ProfilesState>(p.object({ hidden: p.boolean })),
  /** Tests a draft before or after saving; without a typed secret the stored one is used. */
  testConnection: method<{ draft: p.ParsedOf<typeof profileDraft> }, ConnectionReport>(p.object({ draft: profileDraft })),
} as const;
