import { m } from '../../shared/i18n';
import { fail, ok, type Result } from '../../shared/result';
import { AccountsError, type Accounts } from '../accounts/accounts';
import { testConnection } from '../accounts/connection-test';
import { ProfilesUnreadableError } from '../accounts/profile-store';
import { KeychainUnavailableError } from '../accounts/secret-store';
import type { Logger } from '../log';
import type { Handlers } from './dispatcher';

type AccountsHandlers = Pick<
  Handlers,
  'listProfiles' | 'getActiveProfile' | 'saveProfile' | 'deleteProfile' | 'setActiveProfile' | 'setSandboxHidden' | 'testConnection'
>;

/** Turns the accounts module's failures into results a form can show. */
export async function accountsResult<T>(action: () => Promise<T> | T): Promise<Result<T>> {
  try {
    return ok(await action());
  } catch (error) {
    if (error instanceof AccountsError) {
      const result = fail<T>(error.code === 'validation' ? 'validation' : error.code, error.message);
      if (!result.ok && error.fields) result.error.fields = error.fields;
      return result;
    }
    if (error instanceof ProfilesUnreadableError) {
      return fail('profiles-unreadable', error.message, error.reason);
    }
    if (error instanceof KeychainUnavailableError) {
      return fail('keychain-unavailable', error.advice, error.reason);
    }
    throw error;
  }
}

/** The same, for actions that already return a result. */
export async function withAccounts<T>(action: () => Promise<Result<T>>): Promise<Result<T>> {
  const outer = await accountsResult(action);
  return outer.ok ? outer.value : outer;
}

export function createAccountsHandlers(accounts: Accounts, log: Logger): AccountsHandlers {
  return {
    listProfiles: () => accountsResult(() => accounts.state()),
    getActiveProfile: () => accountsResult(() => accounts.active()),
    saveProfile: (draft) => accountsResult(() => accounts.save(draft)),
    deleteProfile: ({ id }) =>
      accountsResult(async () => {
        await accounts.remove(id);
        return null;
      }),
    setActiveProfile: ({ id }) =>
      accountsResult(async () => {
        accounts.setActive(id);
        const active = await accounts.active();
        if (!active) throw new AccountsError('not-found', m.errors_profile_gone());
        return active;
      }),
    setSandboxHidden: ({ hidden }) =>
      accountsResult(() => {
        accounts.setSandboxHidden(hidden);
        return accounts.state();
      }),
    testConnection: ({ draft }) => accountsResult(async () => testConnection(await accounts.draftTarget(draft), log)),
  };
}
