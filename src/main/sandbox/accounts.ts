/** The API keys the sandbox accepts and the state that decides -29, -30 and -63. */
export interface SandboxAccount {
  apiKey: string;
  apiSecret: string;
  /** false: the API key is disabled (-30). Default true. */
  enabled?: boolean;
  /** false: the workspace is disabled (-29). Default true. */
  workspaceEnabled?: boolean;
  /** Seat groups belong to a workspace; another workspace's group gives -63. */
  workspace?: string;
}

export type AccountState = Required<SandboxAccount>;

export const DEFAULT_ACCOUNT: AccountState = {
  apiKey: 'sandbox-demo-key',
  apiSecret: 'sandbox-demo-secret',
  enabled: true,
  workspaceEnabled: true,
  workspace: 'sandbox',
};

export interface AccountRegistry {
  find(apiKey: string): AccountState | undefined;
  first(): AccountState;
  all(): readonly AccountState[];
  /** Changes an account, or adds one when the key is new (then apiSecret is required). */
  update(apiKey: string, patch: Partial<SandboxAccount>): void;
}

function complete(account: SandboxAccount): AccountState {
  if (!account.apiKey || !account.apiSecret)
    throw new TypeError('a sandbox account needs an apiKey and an apiSecret');
  return {
    apiKey: account.apiKey,
    apiSecret: account.apiSecret,
    enabled: account.enabled ?? true,
    workspaceEnabled: account.workspaceEnabled ?? true,
    workspace: account.workspace ?? DEFAULT_ACCOUNT.workspace,
  };
}

export function createAccountRegistry(initial: readonly SandboxAccount[] | undefined): AccountRegistry {
  const accounts = new Map<string, AccountState>();
  for (const account of initial && initial.length > 0 ? initial : [DEFAULT_ACCOUNT]) {
    const state = complete(account);
    if (accounts.has(state.apiKey)) throw new TypeError(`sandbox account ${state.apiKey} is listed twice`);
    accounts.set(state.apiKey, state);
  }
  return {
    find: (apiKey) => accounts.get(apiKey),
    first: () => accounts.values().next().value ?? DEFAULT_ACCOUNT,
    all: () => [...accounts.values()],
    update(apiKey, patch) {
      const current = accounts.get(apiKey);
      if (!current) {
        accounts.set(apiKey, complete({ ...patch, apiKey, apiSecret: patch.apiSecret ?? '' }));
        return;
      }
      const next = complete({ ...current, ...patch });
      if (next.apiKey !== apiKey) accounts.delete(apiKey);
      accounts.set(next.apiKey, next);
    },
  };
}
