/** What `switchboard sync` says the retention removed or held back: its cutoff in the profile's zone, as the app shows it, not UTC. */
import { describe, expect, it } from 'vitest';
import { heldRetentionMessage } from '../../../src/main/archive/retention';
import { prunedLine } from '../../../src/main/cli/sync-command';
import { parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';

describe("a sync's pruned records", () => {
  it("are told with the cutoff in the profile's zone", () => {
    const shanghai = parseTimeZone('Asia/Shanghai') as TimeZone;
    // 20:30 UTC on the 20th is 04:30 on the 21st in Shanghai.
    const line = prunedLine('voice-records', 1234, Date.parse('2026-11-20T20:30:00Z'), shanghai);
    expect(line).toBe('voice-records: 1,234 records from before 2026-11-21 04:30 removed (the retention).');
  });

  it("held back are told with the cutoff in the profile's zone", () => {
    const shanghai = parseTimeZone('Asia/Shanghai') as TimeZone;
    const held = { kind: 'held' as const, wouldRemove: 600, rows: 1000, cutoffMs: Date.parse('2026-11-20T20:30:00Z') };
    const text = heldRetentionMessage('voice-records', held, 20, 'run the sync again with --yes', shanghai);
    expect(text).toContain('(those before 2026-11-21 04:30)');
  });
});
