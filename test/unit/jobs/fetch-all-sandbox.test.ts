/** Integrity of fetch-all against the simulator under faults: every record once, in order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTS } from '../../../src/shared/operations';
import { createClient, type PlatformClient } from '../../../src/main/api';
import { checkFetchAll, fetchAll, type FetchProgress } from '../../../src/main/jobs/fetch-all';
import { checkedQuery } from '../support/checked';
import { type Sandbox, startSandbox } from '../../../src/main/sandbox';
import { formatIsoInZone, parseTimeZone } from '../../../src/shared/time-zone';

const PLUS8 = parseTimeZone('+08:00');
const iso = (ms: number): string => {
  if (!PLUS8) throw new Error('zone');
  return formatIsoInZone(Math.floor(ms / 1000) * 1000, PLUS8);
};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('fetch-all against the sandbox', () => {
  let sb: Sandbox;
  let client: PlatformClient;
  beforeAll(async () => {
    sb = await startSandbox({
      seed: 1,
      volume: 'default',
      // Some -15s whatever the pace: the per-second limit alone is never reached by a client slowed by a busy machine.
      faults: { errorRate: 0.05, rateLimitPerSecond: 20, rateLimitRate: 0.015, dropRate: 0.03, latencyMs: 5, jitterMs: 5 },
    });
    client = createClient({
      baseUrl: sb.baseUrl,
      ...sb.credentials,
      retry: { baseDelayMs: 20, rateLimitBaseDelayMs: 100, maxDelayMs: 1000 },
    });
  });
  afterAll(async () => {
    client.close();
    await sb.close();
  });

  it('yields exactly the records of 58 days, each once, in order, split into windows', async () => {
    const anchor = sb.data.anchor.getTime();
    // Two calendar months hold at least 59 days, so 58 days before the anchor are queryable whatever the date.
    const start = anchor - 58 * DAY;
    const range = sb.data.voiceRecordRange(start, anchor + HOUR);
    const expected = Array.from(
      { length: range.end - range.first },
      (_, i) => sb.data.voiceRecordAt(range.first + i).voiceId,
    );
    // The default volume is 30,000 records over 60 days.
    expect(expected.length).toBeGreaterThan(28_000);

    const ids: string[] = [];
    const progress: FetchProgress[] = [];
    const result = await fetchAll(
      client,
      LISTS.voiceRecords,
      checkedQuery(LISTS.voiceRecords, { strTime: iso(start), endTime: iso(anchor + HOUR) }),
      {
        onRows: (rows) => {
          for (const row of rows) ids.push(row.voiceId ?? 'missing');
        },
        onProgress: (p) => progress.push(p),
      },
    );
    expect(result.ok, result.ok ? '' : `${result.error.code}: ${result.error.message}`).toBe(true);
    if (!result.ok) return;
    expect(result.value.windows).toBe(2);
    expect(result.value.drift).toEqual([]);
    expect(result.value.rows).toBe(expected.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected);
    // The faults really happened, and -15 lowered the concurrency.
    const faults = sb.requestLog.map((entry) => entry.fault);
    expect(faults).toContain('systemError');
    expect(faults).toContain('drop');
    expect(faults).toContain('rateLimit');
    expect(result.value.lowestConcurrency).toBeLessThan(6);
    expect(progress[progress.length - 1]).toMatchObject({
      rows: expected.length,
      totalRows: expected.length,
      etaSeconds: 0,
    });
  }, 50_000);

  it('pages through a list operation without windows', async () => {
    const keys: string[] = [];
    const result = await fetchAll(
      client,
      LISTS.axbBindings,
      checkedQuery(LISTS.axbBindings, {}, { pageSize: 37 }),
      {
        concurrency: 4,
        onRows: (rows) => {
          keys.push(...rows.map((r) => r.bindId ?? ''));
        },
      },
    );
    expect(result).toMatchObject({ ok: true, value: { rows: sb.data.axbBindings().length, windows: 1 } });
    expect(keys).toEqual(sb.data.axbBindings().map((entry) => String(entry.record.bindId)));
  });

  it('refuses bad filters and options where they enter, before sending anything', async () => {
    sb.clearRequestLog();
    const result = checkFetchAll(LISTS.voiceRecords, { strTime: 'yesterday', endTime: iso(Date.now()) }, { concurrency: 17, pageSize: 0 });
    expect(result).toMatchObject({ ok: false, error: { code: 'validation' } });
    if (!result.ok)
      expect(Object.keys(result.error.fields ?? {}).sort()).toEqual([
        'concurrency',
        'pageSize',
        'params.strTime',
      ]);
    expect(sb.requestLog).toHaveLength(0);
  });
});
