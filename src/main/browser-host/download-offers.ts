import { randomBytes } from 'node:crypto';

/**
 * Files the browser host may hand to the page as a download: each offer is a random
 * one-time ticket, served once and only to a request that carries the per-run token.
 */
export class DownloadOffers {
  private readonly tickets = new Map<string, string>();

  constructor(private readonly token: string) {}

  /** The page-relative address that downloads `path` once. */
  offer(path: string): string {
    const ticket = randomBytes(18).toString('base64url');
    this.tickets.set(ticket, path);
    return `/download/${ticket}?token=${encodeURIComponent(this.token)}`;
  }

  /** The file for a ticket, which is used up by asking. */
  take(ticket: string): string | null {
    const path = this.tickets.get(ticket) ?? null;
    this.tickets.delete(ticket);
    return path;
  }
}
