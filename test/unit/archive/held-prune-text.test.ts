/**
 * A held prune is sent as its numbers and worded where it is shown: worded in main, the
 * archive panel kept it in the language of the sync after a switch.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { heldPruneOf } from '../../../src/main/archive/held-prunes';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { heldPruneText } from '../../../src/shared/methods/archive';
import { shownZoneOf } from '../../../src/shared/time-zone';

describe('a held prune', () => {
  afterEach(() => setCurrentLocale('en'));

  const entry = { operation: 'voiceRecords' as const, wouldRemove: 20000, rows: 30000, cutoffMs: Date.UTC(2026, 9, 6, 2, 42), retentionDays: 20 };
  const zone = shownZoneOf('Asia/Shanghai');

  it('is sent without words', () => {
    expect(heldPruneOf(entry)).toEqual({ operation: 'voiceRecords', wouldRemove: 20000, rows: 30000, cutoffMs: entry.cutoffMs });
  });

  it('is worded in the language on show', () => {
    const sent = heldPruneOf(entry);
    expect(heldPruneText(sent, zone)).toBe('Retention would remove 20,000 of 30,000 voice records (older than 2026-10-06 10:42)');
    setCurrentLocale('zh-CN');
    expect(heldPruneText(sent, zone)).toBe('保留期限将删除 30,000 条语音记录中的 20,000 条（早于 2026-10-06 10:42）');
  });
});
