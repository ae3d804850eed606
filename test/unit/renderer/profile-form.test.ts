/** What the Accounts screen sends for a profile: the built-in sandbox's fixed name, key, secret and address never go. */
import { describe, expect, it } from 'vitest';
import { draftFrom, formFromProfile, sandboxDraftFrom } from '../../../src/renderer/src/lib/profile-form';
import type { ProfileView } from '../../../src/shared/profiles';

const sandbox: ProfileView = {
  id: 'sandbox',
  name: 'Sandbox (demo)',
  baseUrl: 'http://127.0.0.1:4010',
  apiKey: 'sandbox-demo-key',
  defaultAppId: 'app-demo-01',
  timeZone: '+08:00',
  pageSize: 25,
  builtIn: true,
  hidden: false,
  secretStored: true,
  secretInSession: false,
};

describe('the profile form', () => {
  it("sends only the sandbox's settings that may change", () => {
    const values = { ...formFromProfile(sandbox), timeZone: 'Asia/Tokyo', pageSize: '50' as unknown as number };
    expect(sandboxDraftFrom(values)).toEqual({ id: 'sandbox', defaultAppId: 'app-demo-01', timeZone: 'Asia/Tokyo', pageSize: 50 });
  });

  it("sends another profile's every field", () => {
    const values = { ...formFromProfile({ ...sandbox, id: 'p1', name: 'Desk', builtIn: false }) };
    expect(draftFrom(values, 'p1', null)).toEqual({ ...values, id: 'p1' });
  });
});
