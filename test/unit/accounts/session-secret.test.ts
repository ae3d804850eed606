/** Without a Secret Service a profile can still be made: its secret is kept in main's memory for this session only. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KeychainUnavailableError, type SecretStore } from '../../../src/main/accounts/secret-store';
import { draft, makeAccounts } from './support';

function noKeychain(): SecretStore {
  const refuse = async (): Promise<never> => {
    throw new KeychainUnavailableError('No system keychain is available.', 'no D-Bus');
  };
  return { get: refuse, set: refuse, delete: refuse };
}

describe('keeping a secret for this session only', () => {
  it('still refuses a normal save without a keychain, and saves nothing', async () => {
    const { accounts } = makeAccounts(noKeychain());
    await expect(accounts.save(draft())).rejects.toBeInstanceOf(KeychainUnavailableError);
    expect((await accounts.state()).profiles).toHaveLength(1);
  });

  it('makes a usable profile whose secret is in memory only, and gone after a restart', async () => {
    const { accounts, file, dir } = makeAccounts(noKeychain());
    const saved = await accounts.save({ ...draft(), secretForSessionOnly: true });
    expect(saved).toMatchObject({ secretStored: false, secretInSession: true });
    expect((await accounts.connection(saved.id)).apiSecret).toBe('TopSecret-4f9a');
    expect(readFileSync(file, 'utf8')).not.toContain('TopSecret-4f9a');
    expect(JSON.stringify(await accounts.state())).not.toContain('TopSecret-4f9a');

    // Other changes keep the session secret; deleting the profile forgets it.
    const renamed = await accounts.save({ ...draft({ name: 'Renamed', apiSecret: undefined }), id: saved.id });
    expect(renamed.secretInSession).toBe(true);

    const restarted = makeAccounts(noKeychain(), dir).accounts;
    await expect(restarted.connection(saved.id)).rejects.toMatchObject({ fields: { apiSecret: expect.any(String) } });
    expect((await restarted.state()).profiles.find((p) => p.id === saved.id)?.secretInSession).toBe(false);

    await accounts.remove(saved.id);
    await expect(accounts.connection(saved.id)).rejects.toMatchObject({ code: 'not-found' });
  });
});
