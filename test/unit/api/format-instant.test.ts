/**
 * The one way the app writes an instant for a person (formatInstant): wall time in the zone it
 * is given (the active profile's), `YYYY-MM-DD HH:mm[:ss]`, whatever this computer's zone is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarOf } from '../../../src/shared/calendar';
import { formatInstant as cellInstant } from '../../../src/shared/cell-text';
import { formatInstant, parseTimeZone, type TimeZone } from '../../../src/shared/time-zone';
import { cutoffText } from '../../../src/shared/methods/archive';

const zone = (name: string): TimeZone => {
  const parsed = parseTimeZone(name);
  if (!parsed) throw new Error(`bad zone ${name}`);
  return parsed;
};

/** The instant QA saw twice: 02:22 UTC, 10:22 in the profile's +08:00. */
const at = Date.parse('2026-11-27T02:22:05.900Z');
const machineZone = process.env.TZ;

function onMachineZone(name: string): void {
  process.env.TZ = name;
}

describe('formatInstant', () => {
  // This computer's clock is in UTC, as QA's was; the profile's zone is +08:00.
  beforeAll(() => onMachineZone('UTC'));
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it("writes the profile's zone (+08:00), not this computer's (UTC)", () => {
    expect(new Date(at).getHours()).toBe(2); // the machine says 02:22
    expect(formatInstant(at, zone('+08:00'), 'minute')).toBe('2026-11-27 10:22');
    expect(formatInstant(at, zone('+08:00'))).toBe('2026-11-27 10:22:05');
    expect(formatInstant(at, zone('Asia/Shanghai'), 'minute')).toBe('2026-11-27 10:22');
    expect(formatInstant(at, zone('UTC'), 'minute')).toBe('2026-11-27 02:22');
  });

  it('gives the same text whatever zone this computer is in', () => {
    const shown: string[] = [];
    const machineHours: number[] = [];
    for (const machine of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham']) {
      onMachineZone(machine);
      machineHours.push(new Date(at).getHours());
      shown.push(formatInstant(at, zone('+08:00')));
    }
    onMachineZone('UTC');
    expect(machineHours).toEqual([2, 18, 7, 16]); // the machine's own clock did move
    expect(new Set(shown)).toEqual(new Set(['2026-11-27 10:22:05']));
  });

  it("moves the date with the zone's offset", () => {
    const evening = Date.parse('2026-11-27T20:30:00Z');
    expect(formatInstant(evening, zone('+08:00'), 'minute')).toBe('2026-11-28 04:30');
    expect(formatInstant(evening, zone('-05:00'), 'minute')).toBe('2026-11-27 15:30');
    expect(formatInstant(Date.parse('2026-12-31T16:00:00Z'), zone('Asia/Shanghai'))).toBe('2027-01-01 00:00:00');
  });

  it('cuts to the minute and never rounds up', () => {
    expect(formatInstant(Date.parse('2026-11-27T02:22:59.999Z'), zone('+08:00'), 'minute')).toBe('2026-11-27 10:22');
  });

  it('in a daylight-saving zone, writes each instant in the offset of its moment', () => {
    const newYork = zone('America/New_York');
    expect(formatInstant(Date.parse('2026-07-01T12:00:00Z'), newYork, 'minute')).toBe('2026-07-01 08:00'); // EDT, -4
    expect(formatInstant(Date.parse('2026-12-01T12:00:00Z'), newYork, 'minute')).toBe('2026-12-01 07:00'); // EST, -5
    // Spring forward: 01:59:59 EST is followed by 03:00:00 EDT.
    expect(formatInstant(Date.parse('2026-03-08T06:59:59Z'), newYork)).toBe('2026-03-08 01:59:59');
    expect(formatInstant(Date.parse('2026-03-08T07:00:00Z'), newYork)).toBe('2026-03-08 03:00:00');
    // Fall back: 01:30 happens twice, an hour apart.
    expect(formatInstant(Date.parse('2026-11-01T05:30:00Z'), newYork)).toBe('2026-11-01 01:30:00');
    expect(formatInstant(Date.parse('2026-11-01T06:30:00Z'), newYork)).toBe('2026-11-01 01:30:00');
    const london = zone('Europe/London');
    expect(formatInstant(Date.parse('2026-03-29T00:59:00Z'), london, 'minute')).toBe('2026-03-29 00:59');
    expect(formatInstant(Date.parse('2026-03-29T01:00:00Z'), london, 'minute')).toBe('2026-03-29 02:00');
  });

  it('is what the cells, the calendar and the archive notices write', () => {
    const shanghai = zone('Asia/Shanghai');
    expect(cellInstant).toBe(formatInstant);
    expect(calendarOf(shanghai).minuteLabel(at)).toBe('2026-11-27 10:22');
    expect(cutoffText(at, shanghai)).toBe('2026-11-27 10:22');
  });
});
