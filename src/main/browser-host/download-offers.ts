import { randomBytes } from 'node:crypto';

/** How long an offered download stays valid: the page asks for it at once. */
export const DOWNLOAD_OFFER_MS = 10 * 60_000;
/** Offers kept at most; the oldest goes first (a page offered that many and used none). */
const OFFERS_MAX = 100;

/**
 * Files the browser host may hand to the page as a download: each offer is a random
 * one-time ticket, served once, within DOWNLOAD_OFFER_MS, and only to a request that
 * carries the per-run token.
 */
export class DownloadOffers {
  /** In the order offered (a Map keeps it), so the oldest is the first. */
  private readonly tickets = new Map<string, { path: string; untilMs: number }>();

  constructor(
    private readonly token: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The page-relative address that downloads `path` once. */
  offer(path: string): string {
    const ticket = randomBytes(18).toString('base64url');
    this.tickets.set(ticket, { path, untilMs: this.now() + DOWNLOAD_OFFER_MS });
    for (const oldest of this.tickets.keys()) {
      if (this.tickets.size <= OFFERS_MAX) break;
      this.tickets.delete(oldest);
    }
    return `/download/${ticket}?token=${encodeURIComponent(this.token)}`;
  }

  /** The file for a ticket, which is used up by asking; null when it was used or has expired. */
  take(ticket: string): string | null {
    const offered = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    return offered && this.now() <= offered.untilMs ? offered.path : null;
  }
}
