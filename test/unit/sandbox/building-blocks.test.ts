import { describe, expect, it } from 'vitest';
import { createIndexedTimeline } from '../../../src/main/sandbox/data/indexed-timeline';
import { chargedSeconds, decimalText } from '../../../src/main/sandbox/data/money';
import { characterCount, fitsOneBilledUnit } from '../../../src/main/sandbox/mms-units';
import { createRandom, hash32, permute32 } from '../../../src/main/sandbox/prng';
import {
  formatIsoWithOffset,
  formatLocalDateTime,
  parseIsoWithOffset,
  parseLocalDateTime,
} from '../../../src/main/sandbox/time';

describe('sandbox building blocks', () => {
  it('hashes and random streams are pure functions of their keys', () => {
    expect(hash32(1, 2, 3)).toBe(hash32(1, 2, 3));
    expect(hash32(1, 2, 3)).not.toBe(hash32(1, 2, 4));
    expect(hash32(2 ** 40)).not.toBe(hash32(0));
    const a = createRandom(9, 1);
    const b = createRandom(9, 1);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
    const ids = new Set(Array.from({ length: 100_000 }, (_, i) => permute32(i, 77)));
    expect(ids.size).toBe(100_000);
  });

  it('reads ISO 8601 only with an offset, and the offset-less form in +08:00', () => {
    expect(parseIsoWithOffset('2026-01-15T10:00:00+08:00')).toBe(Date.UTC(2026, 0, 15, 2));
    expect(parseIsoWithOffset('2026-01-15T10:00:00.250Z')).toBe(Date.UTC(2026, 0, 15, 10, 0, 0, 250));
    expect(parseIsoWithOffset('2026-01-15T10:00:00-05:30')).toBe(Date.UTC(2026, 0, 15, 15, 30));
    for (const bad of [
      '2026-01-15T10:00:00',
      '2026-01-15 10:00:00+08:00',
      '2026-13-01T00:00:00Z',
      '2026-02-29T00:00:00Z',
      'soon',
    ]) {
      expect(parseIsoWithOffset(bad)).toBeNull();
    }
    expect(parseLocalDateTime('2026-01-15 10:00:00')).toBe(Date.UTC(2026, 0, 15, 2));
    expect(parseLocalDateTime('2026-01-15T10:00:00')).toBeNull();
    const ms = Date.UTC(2026, 5, 30, 20, 5, 9);
    expect(formatIsoWithOffset(ms)).toBe('2026-07-01T04:05:09+08:00');
    expect(formatLocalDateTime(ms)).toBe('2026-07-01 04:05:09');
    expect(parseIsoWithOffset(formatIsoWithOffset(ms))).toBe(ms);
  });

  it('bills by the period and prints amounts as decimal text', () => {
    expect(chargedSeconds(0, '20+20')).toBe(0);
    expect(chargedSeconds(5, '20+20')).toBe(20);
    expect(chargedSeconds(21, '20+20')).toBe(40);
    expect(chargedSeconds(61, '60+60')).toBe(120);
    expect(chargedSeconds(31, '30+6')).toBe(36);
    expect(decimalText(12500, 6)).toBe('0.012500');
    expect(decimalText(123456, 2)).toBe('1234.56');
  });

  it('counts billed units the GSM-7 / UCS-2 way', () => {
    expect(fitsOneBilledUnit('{'.repeat(80))).toBe(true);
    expect(fitsOneBilledUnit('{'.repeat(81))).toBe(false);
    expect(characterCount('a😀你')).toBe(3);
    expect(fitsOneBilledUnit('a'.repeat(160))).toBe(true);
    expect(fitsOneBilledUnit('😀'.repeat(35))).toBe(true);
    expect(fitsOneBilledUnit('😀'.repeat(36))).toBe(false);
  });

  it('maps a time window onto an index range of a newest-first timeline', () => {
    const anchor = Date.UTC(2026, 0, 1);
    const timeline = createIndexedTimeline(1, 1, anchor, 10_000, 86_400);
    const all = Array.from({ length: 10_000 }, (_, i) => timeline.secondsAt(i) * 1000);
    for (let i = 1; i < all.length; i++) expect(all[i]).toBeLessThanOrEqual(all[i - 1]);
    for (const [from, to] of [
      [anchor - 3_600_000, anchor - 1_800_000],
      [all[500], all[100]],
      [anchor, anchor + 1000],
      [anchor - 2 * 86_400_000, anchor],
    ]) {
      const { first, end } = timeline.range(from, to);
      const expected = all
        .map((ms, i) => [ms, i] as const)
        .filter(([ms]) => ms >= from && ms <= to)
        .map(([, i]) => i);
      expect(end - first).toBe(expected.length);
      if (expected.length > 0) expect(first).toBe(expected[0]);
    }
  });
});
