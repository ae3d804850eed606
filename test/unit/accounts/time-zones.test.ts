/** Offset-less platform times are read in the platform's zone, not the computer's, unless the user says otherwise. */
import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src/main/accounts/secret-store';
import { emptyForm } from '../../../src/renderer/src/lib/profile-form';
import { BRAND_PRESETS } from '../../../src/shared/platform';
import { makeAccounts } from './support';

describe('profile time zones', () => {
  it('reads the sandbox in the sandbox’s own zone (+08:00), whatever the computer’s zone', async () => {
    const { accounts } = makeAccounts(createMemorySecretStore());
    const sandbox = (await accounts.state()).profiles.find((p) => p.id === 'sandbox');
    expect(sandbox?.timeZone).toBe('+08:00');
    expect((await accounts.connection('sandbox')).timeZone).toBe('+08:00');
  });

  it('starts a new profile from a brand preset in the zone the platform writes its offset-less times in', () => {
    for (const preset of BRAND_PRESETS) {
      expect(preset.timeZone).toBe('+08:00');
      expect(emptyForm(preset).timeZone).toBe('+08:00');
    }
  });
});
