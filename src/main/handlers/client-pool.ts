import { createClient, type ClientNotice, type PlatformClient } from '../api';
import { AccountsError, type Accounts, type Connection } from '../accounts/accounts';
import type { Archives } from '../archive/archives';
import type { Logger } from '../log';
import { m } from '../../shared/i18n';

interface Pooled {
  client: PlatformClient;
  baseUrl: string;
  /** The connection it was built for: a changed profile gets a new client. */
  fingerprint: string;
}

/**
 * One platform client per profile, reused so keep-alive connections and a learned
 * clock correction last for the session. Rebuilt when the profile changes.
 */
export class ClientPool {
  private readonly pooled = new Map<string, Pooled>();
  /** Clock corrections learned per base URL, carried over to rebuilt clients. */
  private readonly offsets = new Map<string, number>();

  constructor(
    private readonly accounts: Accounts,
    private readonly log: Logger,
    private readonly onNotice: (notice: ClientNotice) => void,
    private readonly archives: Archives | null = null,
  ) {}

  async active(): Promise<{ client: PlatformClient; connection: Connection }> {
    const profile = await this.accounts.active();
    if (!profile) throw new AccountsError('not-found', m.errors_choose_profile());
    return this.forProfile(profile.id);
  }

  async forProfile(profileId: string): Promise<{ client: PlatformClient; connection: Connection }> {
    const connection = await this.accounts.connection(profileId);
    const fingerprint = [connection.baseUrl, connection.apiKey, connection.apiSecret, connection.timeZone].join('\n');
    const existing = this.pooled.get(profileId);
    if (existing && existing.fingerprint === fingerprint) return { client: existing.client, connection };
    if (existing) this.retire(existing);
    const client = createClient({
      baseUrl: connection.baseUrl,
      apiKey: connection.apiKey,
      apiSecret: connection.apiSecret,
      timeZone: connection.timeZone,
      log: this.log,
      clockOffsetSeconds: this.offsets.get(connection.baseUrl) ?? 0,
      onNotice: this.onNotice,
      onListPage: this.archives?.pageHook(profileId),
    });
    this.pooled.set(profileId, { client, baseUrl: connection.baseUrl, fingerprint });
    return { client, connection };
  }

  /** Closes a client, keeping the clock correction it learned for the next one. */
  private retire(pooled: Pooled): void {
    if (pooled.client.clockOffsetSeconds !== 0) this.offsets.set(pooled.baseUrl, pooled.client.clockOffsetSeconds);
    pooled.client.close();
  }

  close(): void {
    for (const [, pooled] of this.pooled) this.retire(pooled);
    this.pooled.clear();
  }
}
