import { describe, expect, it } from 'vitest';
import { DOWNLOAD_OFFER_MS, DownloadOffers } from '../../../src/main/browser-host/download-offers';

const ticketOf = (address: string): string => /\/download\/([^?]+)/.exec(address)?.[1] ?? '';

describe('download offers', () => {
  it('serve a file once, within its time, and keep no more than a hundred', () => {
    let now = 1_000;
    const offers = new DownloadOffers(() => now);
    const first = ticketOf(offers.offer('/exports/a.xlsx'));
    expect(offers.take(first)).toBe('/exports/a.xlsx');
    expect(offers.take(first)).toBeNull();

    const late = ticketOf(offers.offer('/exports/b.xlsx'));
    now += DOWNLOAD_OFFER_MS + 1;
    expect(offers.take(late)).toBeNull();

    const oldest = ticketOf(offers.offer('/exports/0.xlsx'));
    const rest = Array.from({ length: 100 }, (_, index) => ticketOf(offers.offer(`/exports/${index + 1}.xlsx`)));
    expect(offers.take(oldest)).toBeNull();
    expect(offers.take(rest[0] ?? '')).toBe('/exports/1.xlsx');
    expect(offers.take(rest[99] ?? '')).toBe('/exports/100.xlsx');
  });
});
