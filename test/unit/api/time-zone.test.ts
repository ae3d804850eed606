import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  epochMsToWallTime,
  formatIsoInZone,
  formatWallTime,
  isValidTimeZone,
  offsetMinutesAt,
  parseIsoInstant,
  parseTimeZone,
  parseWallTimeText,
  type TimeZone,
  wallTimeToEpochMs,
  zoneRefusal,
  zoneText,
} from '../../../src/shared/time-zone';

const zone = (name: string): TimeZone => {
  const parsed = parseTimeZone(name);
  if (!parsed) throw new Error(`bad zone ${name}`);
  return parsed;
};
const wall = (text: string) => {
  const parsed = parseWallTimeText(text);
  if (!parsed) throw new Error(`bad wall time ${text}`);
  return parsed;
};

describe('parseTimeZone', () => {
  it('accepts IANA names and fixed offsets', () => {
    expect(zone('Asia/Shanghai')).toMatchObject({ kind: 'iana', name: 'Asia/Shanghai' });
    expect(zone('+08:00')).toEqual({ kind: 'fixed', name: '+08:00', offsetMinutes: 480 });
    expect(zone('-0530')).toEqual({ kind: 'fixed', name: '-05:30', offsetMinutes: -330 });
    expect(zone('UTC+01:00')).toMatchObject({ offsetMinutes: 60 });
    expect(zone('Z')).toMatchObject({ offsetMinutes: 0 });
    expect(zone('UTC')).toMatchObject({ kind: 'iana' });
  });

  it('keeps the name the user chose, not the legacy alias the runtime calls it by', () => {
    // Node's ICU resolves Asia/Kolkata to Asia/Calcutta and Asia/Kathmandu to Asia/Katmandu: the
    // screens and files would name a zone the user never typed (and the app itself suggests Asia/Kolkata).
    expect(zone('Asia/Kolkata')).toMatchObject({ kind: 'iana', name: 'Asia/Kolkata' });
    expect(zone('Asia/Kathmandu')).toMatchObject({ kind: 'iana', name: 'Asia/Kathmandu' });
    expect(zone(' Europe/Kyiv ')).toMatchObject({ kind: 'iana', name: 'Europe/Kyiv' });
    // A name typed in other letter case is still written as the zone is spelt.
    expect(zone('asia/shanghai')).toMatchObject({ kind: 'iana', name: 'Asia/Shanghai' });
    expect(zone('utc')).toMatchObject({ kind: 'iana', name: 'UTC' });
    expect(offsetMinutesAt(Date.parse('2026-01-01T00:00:00Z'), zone('Asia/Kathmandu'))).toBe(345);
  });

  it('refuses what is neither', () => {
    for (const bad of ['', 'Mars/Olympus', '+25:00', '+08:75', '8', 'GMT+', 'Asia/']) {
      expect(isValidTimeZone(bad), bad).toBe(false);
    }
  });

  it('reads the common spellings of an offset as the one written +HH:MM', () => {
    const spelt: [string, string, number][] = [
      ['+5:30', '+05:30', 330],
      ['+08', '+08:00', 480],
      ['+0800', '+08:00', 480],
      ['+8', '+08:00', 480],
      ['UTC+8', '+08:00', 480],
      ['utc+8', '+08:00', 480],
      ['GMT-3', '-03:00', -180],
      ['UTC+05:45', '+05:45', 345],
      ['-9:30', '-09:30', -570],
    ];
    for (const [text, name, offsetMinutes] of spelt) expect(zone(text), text).toEqual({ kind: 'fixed', name, offsetMinutes });
  });

  it('takes offsets from -12:00 to +14:00 only, the ones in use', () => {
    expect(zone('+14:00')).toMatchObject({ offsetMinutes: 840 });
    expect(zone('-12:00')).toMatchObject({ offsetMinutes: -720 });
    for (const beyond of ['+14:01', '+18:00', '+18:59', '-12:01', '-13', 'UTC+15', '+1900']) {
      expect(isValidTimeZone(beyond), beyond).toBe(false);
      expect(zoneRefusal(beyond), beyond).toBe(beyond.includes('-') ? 'beyond-min' : 'beyond-max');
    }
    expect(zoneRefusal('+05:60')).toBe('minutes');
    expect(zoneRefusal('+123')).toBe('offset-form');
    expect(zoneRefusal('UTC+')).toBe('offset-form');
    expect(zoneRefusal('Mars/Olympus')).toBe('unknown');
    expect(zoneRefusal('  ')).toBe('empty');
    expect(zoneRefusal('UTC+8')).toBeNull();
  });

  it('keeps one form of a zone: its own name', () => {
    expect(zoneText(' UTC+8 ')).toBe('+08:00');
    expect(zoneText('asia/shanghai')).toBe('Asia/Shanghai');
    expect(zoneText('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(zoneText(' +18:59 ')).toBe('+18:59');
  });
});

describe('wall time and instants', () => {
  it('reads wall time in a fixed offset and an IANA zone', () => {
    const expected = Date.parse('2026-11-22T02:00:00Z');
    expect(wallTimeToEpochMs(wall('2026-11-22 10:00:00'), zone('+08:00'))).toBe(expected);
    expect(wallTimeToEpochMs(wall('2026-11-22 10:00:00'), zone('Asia/Shanghai'))).toBe(expected);
    expect(wallTimeToEpochMs(wall('2026-11-22 10:00:00'), zone('-05:30'))).toBe(
      Date.parse('2026-11-22T15:30:00Z'),
    );
  });

  it('is right on both sides of a DST change (America/New_York)', () => {
    const ny = zone('America/New_York');
    // 2026-03-08 02:00 EST -> 03:00 EDT; 2026-11-01 02:00 EDT -> 01:00 EST.
    expect(wallTimeToEpochMs(wall('2026-03-08 01:59:59'), ny)).toBe(Date.parse('2026-03-08T06:59:59Z'));
    expect(wallTimeToEpochMs(wall('2026-03-08 03:00:00'), ny)).toBe(Date.parse('2026-03-08T07:00:00Z'));
    expect(wallTimeToEpochMs(wall('2026-07-01 12:00:00'), ny)).toBe(Date.parse('2026-07-01T16:00:00Z'));
    expect(wallTimeToEpochMs(wall('2026-12-01 12:00:00'), ny)).toBe(Date.parse('2026-12-01T17:00:00Z'));
    expect(offsetMinutesAt(Date.parse('2026-07-01T16:00:00Z'), ny)).toBe(-240);
    expect(offsetMinutesAt(Date.parse('2026-12-01T17:00:00Z'), ny)).toBe(-300);
  });

  it('moves a skipped spring time forward and takes the earlier of a repeated autumn time', () => {
    const ny = zone('America/New_York');
    expect(wallTimeToEpochMs(wall('2026-03-08 02:30:00'), ny)).toBe(Date.parse('2026-03-08T07:30:00Z'));
    expect(wallTimeToEpochMs(wall('2026-11-01 01:30:00'), ny)).toBe(Date.parse('2026-11-01T05:30:00Z'));
    const berlin = zone('Europe/Berlin');
    expect(wallTimeToEpochMs(wall('2026-10-25 02:30:00'), berlin)).toBe(Date.parse('2026-10-25T00:30:00Z'));
  });

  it('handles half- and quarter-hour zones', () => {
    expect(wallTimeToEpochMs(wall('2026-01-01 00:00:00'), zone('Asia/Kathmandu'))).toBe(
      Date.parse('2025-12-31T18:15:00Z'),
    );
    expect(offsetMinutesAt(Date.parse('2026-01-01T00:00:00Z'), zone('Asia/Kolkata'))).toBe(330);
  });

  it('round-trips instant -> wall time -> instant in any zone, outside DST overlaps', () => {
    const zones = [
      'Asia/Shanghai',
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      '+08:00',
      '-03:30',
      'UTC',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2040-01-01T00:00:00Z') }),
        fc.constantFrom(...zones),
        (instant, name) => {
          const z = zone(name);
          const local = epochMsToWallTime(instant, z);
          const back = wallTimeToEpochMs(local, z);
          // In a repeated hour the earlier instant is chosen; otherwise it is exact.
          const ambiguous =
            offsetMinutesAt(instant - 3 * 3600_000, z) !== offsetMinutesAt(instant + 3 * 3600_000, z);
          if (!ambiguous) expect(back).toBe(instant);
          else expect(epochMsToWallTime(back, z)).toEqual(local);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('timestamp texts', () => {
  it('reads ISO 8601 with its own offset', () => {
    expect(parseIsoInstant('2026-11-22T17:57:56+08:00')).toBe(Date.parse('2026-11-22T09:57:56Z'));
    expect(parseIsoInstant('2026-11-22T09:57:56Z')).toBe(Date.parse('2026-11-22T09:57:56Z'));
    expect(parseIsoInstant('2026-11-22T09:57:56.250-0130')).toBe(Date.parse('2026-11-22T11:27:56.250Z'));
    expect(parseIsoInstant('2026-11-22T09:57+05')).toBe(Date.parse('2026-11-22T04:57:00Z'));
  });

  it('refuses ISO without offset and impossible dates', () => {
    for (const bad of [
      '2026-11-22T09:57:56',
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-22 09:57:56+08:00',
      'yesterday',
    ]) {
      expect(parseIsoInstant(bad), bad).toBeNull();
    }
    expect(parseIsoInstant('2028-02-29T00:00:00Z')).not.toBeNull();
    expect(parseIsoInstant('2026-02-29T00:00:00Z')).toBeNull();
  });

  it('formats wall time and ISO in a zone', () => {
    expect(formatWallTime(wall('2026-01-02 03:04:05'))).toBe('2026-01-02 03:04:05');
    expect(formatIsoInZone(Date.parse('2026-11-22T09:57:56Z'), zone('+08:00'))).toBe(
      '2026-11-22T17:57:56+08:00',
    );
    expect(formatIsoInZone(Date.parse('2026-07-01T16:00:00Z'), zone('America/New_York'))).toBe(
      '2026-07-01T12:00:00-04:00',
    );
  });
});

describe('the fast path for the usual ISO form', () => {
  it('agrees with Date.parse on any instant and offset', () => {
    fc.assert(
      fc.property(
        fc.integer({
          min: Date.parse('1970-01-01T00:00:00Z') / 1000,
          max: Date.parse('2100-01-01T00:00:00Z') / 1000,
        }),
        // The offsets in use: -12:00 to +14:00.
        fc.integer({ min: -12 * 4, max: 14 * 4 }),
        (seconds, quarterHours) => {
          const offsetText = `${quarterHours < 0 ? '-' : '+'}${String(Math.floor(Math.abs(quarterHours) / 4)).padStart(2, '0')}:${String((Math.abs(quarterHours) % 4) * 15).padStart(2, '0')}`;
          const z = parseTimeZone(offsetText);
          if (!z) throw new Error(offsetText);
          const text = formatIsoInZone(seconds * 1000, z);
          expect(text).toHaveLength(25);
          expect(parseIsoInstant(text)).toBe(seconds * 1000);
          expect(parseIsoInstant(text)).toBe(Date.parse(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses impossible dates in the usual form too', () => {
    expect(parseIsoInstant('2026-02-30T00:00:00+08:00')).toBeNull();
    expect(parseIsoInstant('2026-01-01T24:00:00+08:00')).toBeNull();
    expect(parseIsoInstant('2026-01-01T00:00:00+19:00')).toBeNull();
    expect(parseIsoInstant('2026-01-01T0a:00:00+08:00')).toBeNull();
  });
});
