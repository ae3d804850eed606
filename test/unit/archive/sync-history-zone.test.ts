/**
 * The platform keeps two months of voice records; a sync asked to start earlier is told the
 * earliest start it may have in the profile's zone, as every time the app shows is.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../src/main/api';
import { platformSyncSource } from '../../../src/main/archive/platform-source';

const DAY = 86_400_000;

describe('the history limit a sync meets', () => {
  it('is told in the profile\'s zone, not UTC', async () => {
    const client = createClient({ baseUrl: 'https://platform.invalid', apiKey: 'key', apiSecret: 'secret', timeZone: 'Asia/Shanghai' });
    try {
      const source = platformSyncSource(client, 'voiceRecords');
      const now = Date.now();
      // Refused by the window rule before anything is sent.
      const result = await source.fetchEvery({ fromMs: now - 90 * DAY, toMs: now - 80 * DAY }, () => Promise.resolve(), new AbortController().signal);
      expect(result.ok).toBe(false);
      const told = result.ok ? '' : (result.error.fields?.['params.strTime'] ?? '');
      expect(told).toMatch(/^Only the last 2 months can be queried: start at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Asia\/Shanghai\) or later\.$/);
    } finally {
      client.close();
    }
  });
});
