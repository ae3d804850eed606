import { randomBytes } from 'node:crypto';

/** How long an offered download stays valid: the page asks for it at once. */
export const DOWNLOAD_OFFER_MS = 10 * 60_000;
/** Offers kept at most; the oldest goes first (a page offered that many and used none). */
const OFFERS_MAX = 100;

/**
 * Files the browser host may hand to the page as a download: each offer is a random
 * one-time ticket (144 bits, so it cannot be guessed), served once, within DOWNLOAD_OFFER_MS.
 * The ticket is the link's only key: the per-run token stays out of it, so a browser's
 * download history never holds the token that opens every call.
 */
export class DownloadOffers {
  /** In the order offered (a Map keeps it), so the oldest is the first. */
  private readonly tickets = new Map<string, { path: string; untilMs: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The page-relative address that downloads `path` once. */
  offer(path: string): string {
    const ticket = randomBytes(18).toString('base64url');
    this.tickets.set(ticket, { path, untilMs: this.now() + DOWNLOAD_OFFER_MS });
    for (const oldest of this.tickets.keys()) {
      if (this.tickets.size <= OFFERS_MAX) break;
      this.tickets.delete(oldest);
    }
    return `/download/${ticket}`;
  }

  /** The file for a ticket, which is used up by asking; null when it was used or has expired. */
  take(ticket: string): string | null {
    const path = this.peek(ticket);
    this.tickets.delete(ticket);
    return path;
  }

  /** The file for a ticket, which stays valid; null when it was used or has expired. */
  peek(ticket: string): string | null {
    const offered = this.tickets.get(ticket);
    return offered && this.now() <= offered.untilMs ? offered.path : null;
  }
}
