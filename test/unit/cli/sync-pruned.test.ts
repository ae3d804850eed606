/** What `switchboard sync` says the retention removed: its cutoff in the profile's zone, as the app shows it, not UTC. */
import { describe, expect, it } from 'vitest';
import { prunedLine } from '../../../src/main/cli/sync-command';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

describe("a sync's pruned records", () => {
  it("are told with the cutoff in the profile's zone", () => {
    const shanghai = parseTimeZone('Asia/Shanghai') as TimeZone;
    // 20:30 UTC on the 20th is 04:30 on the 21st in Shanghai.
    const line = prunedLine('voice-records', 1234, Date.parse('2026-11-20T20:30:00Z'), shanghai);
    expect(line).toBe('voice-records: 1,234 records from before 2026-11-21 04:30 removed (the retention).');
  });
});
