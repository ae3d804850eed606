/**
 * A Parquet export that fails or is cancelled while fetching gives its claimed name back: no
 * partial file stays. Its work files (the fetched rows, the file's parts) are kept beside the
 * file, never in the system's temp folder, which is often held in memory.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/main/api/client';
import { parquetFromPlatform } from '../../../src/main/archive/archive-export';
import { archiveTableFor } from '../../../src/main/archive/tables';
import { reservePath } from '../../../src/main/export/reservation';
import { checkFetchAll } from '../../../src/main/jobs/fetch-all';
import { createLogger } from '../../../src/main/log';
import { startSandbox } from '../../../src/main/sandbox';
import { LISTS } from '../../../src/shared/operations';
import { UNUSABLE_TEMP, withUnusableTemp } from '../support/unusable-temp';

describe('parquetFromPlatform', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parquet-partial-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('removes its partial file when the platform cannot be reached', async () => {
    const client = createClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'key',
      apiSecret: 'secret',
      timeZone: '+08:00',
      log: createLogger({ console: false }),
      retry: { maxAttempts: 1 },
    });
    const query = checkFetchAll(LISTS.seats, {}, {});
    if (!query.ok) throw new Error(query.error.message);
    const path = join(dir, 'seats.parquet');
    const { partial } = reservePath(path);
    try {
      const written = await parquetFromPlatform(client, LISTS.seats, archiveTableFor('seats'), query.value, path, { partial });
      expect(written.ok).toBe(false);
    } finally {
      client.close();
    }
    expect(readdirSync(dir)).toEqual([]);
    // The name is free again: a second export may claim it.
    expect(() => reservePath(path)).not.toThrow();
  });

  it('writes the fetched rows and the parts beside the file, and leaves only the file', async () => {
    const sandbox = await startSandbox({ seed: 5, volume: 'default' });
    const client = createClient({ baseUrl: sandbox.baseUrl, ...sandbox.credentials, timeZone: '+08:00', log: createLogger({ console: false }) });
    const folder = mkdtempSync(join(dir, 'beside-'));
    try {
      const query = checkFetchAll(LISTS.seats, {}, {});
      if (!query.ok) throw new Error(query.error.message);
      const path = join(folder, 'seats.parquet');
      const written = await withUnusableTemp(folder, () => parquetFromPlatform(client, LISTS.seats, archiveTableFor('seats'), query.value, path, {}));
      expect(written).toMatchObject({ ok: true });
      expect(readdirSync(folder).sort()).toEqual([UNUSABLE_TEMP, 'seats.parquet']);
    } finally {
      client.close();
      await sandbox.close();
    }
  });
});
