import { describe, expect, it } from 'vitest';
import {
  ALL_OK,
  DEFAULT_THRESHOLDS,
  heldUntil,
  levelOf,
  limitOfText,
  stepAlerts,
  thresholdProblems,
  type AlertEvent,
  type AlertLevels,
  type LiveReadings,
  type LiveThresholds,
} from '../../../src/shared/live/alerts';

const NO_READINGS: LiveReadings = { connectRate: null, acd: null, idleSeats: null, busySeats: null };

/** Runs readings of one figure through refreshes, as the board does; every event raised. */
function run(thresholds: LiveThresholds, metric: keyof LiveReadings, values: (number | null)[]): { events: AlertEvent[]; levels: AlertLevels[] } {
  let levels = ALL_OK;
  const events: AlertEvent[] = [];
  const seen: AlertLevels[] = [];
  values.forEach((value, index) => {
    const step = stepAlerts(levels, { ...NO_READINGS, [metric]: value }, thresholds, 1000 * index);
    levels = step.levels;
    seen.push(levels);
    events.push(...step.events);
  });
  return { events, levels: seen };
}

describe('live thresholds: crossing and recovery', () => {
  it('a connect rate falling below amber raises one alert however many refreshes it stays there, and its recovery one more', () => {
    const { events } = run(DEFAULT_THRESHOLDS, 'connectRate', [55, 39, 38, 36, 39.5, 41, 43, 50]);
    expect(events.map((event) => `${event.kind} ${event.level} at ${event.atMs}`)).toEqual(['raised amber at 1000', 'recovered amber at 6000']);
    expect(events[0].text).toBe('Connect rate, last 30 min is 39 %, below the amber limit of 40 %.');
    expect(events[1].title).toBe('Recovered: Connect rate, last 30 min');
  });

  it('hovering at the limit does not flicker: leaving a level needs the band (2 points for a rate)', () => {
    const { events, levels } = run(DEFAULT_THRESHOLDS, 'connectRate', [39.9, 40.1, 39.8, 41.9, 39.9, 42]);
    expect(levels.map((level) => level.connectRate)).toEqual(['amber', 'amber', 'amber', 'amber', 'amber', 'ok']);
    expect(events.map((event) => event.kind)).toEqual(['raised', 'recovered']);
  });

  it('amber then red raises twice (each worse level once); easing from red to amber is silent; recovery once', () => {
    const { events, levels } = run(DEFAULT_THRESHOLDS, 'connectRate', [38, 29, 25, 31, 33, 35, 45]);
    expect(levels.map((level) => level.connectRate)).toEqual(['amber', 'red', 'red', 'red', 'amber', 'amber', 'ok']);
    expect(events.map((event) => `${event.kind} ${event.level}`)).toEqual(['raised amber', 'raised red', 'recovered amber']);
  });

  it('a jump from ok straight to red is one alert, and straight back to ok one recovery naming red', () => {
    const { events } = run(DEFAULT_THRESHOLDS, 'connectRate', [60, 10, 12, 80]);
    expect(events.map((event) => `${event.kind} ${event.level} ${event.limit}`)).toEqual(['raised red 30', 'recovered red 30']);
  });

  it('no reading (no calls in the last 30 minutes) keeps the level: neither an alert nor a recovery', () => {
    const { events, levels } = run(DEFAULT_THRESHOLDS, 'connectRate', [20, null, null, 20, null]);
    expect(levels.map((level) => level.connectRate)).toEqual(['red', 'red', 'red', 'red', 'red']);
    expect(events).toHaveLength(1);
  });

  it('"above" figures: busy seats over the limit alert, and recover one seat under it', () => {
    const thresholds = { ...DEFAULT_THRESHOLDS, busySeats: { amber: 50, red: null } };
    const { events, levels } = run(thresholds, 'busySeats', [48, 51, 50, 49, 51, 52]);
    expect(levels.map((level) => level.busySeats)).toEqual(['ok', 'amber', 'amber', 'ok', 'amber', 'amber']);
    expect(events.map((event) => `${event.kind}@${event.atMs}`)).toEqual(['raised@1000', 'recovered@3000', 'raised@4000']);
  });

  it('idle seats fewer than N, and average talk time below S seconds', () => {
    expect(levelOf('idleSeats', 4, { amber: 5, red: null }, 'ok')).toBe('amber');
    expect(levelOf('idleSeats', 5, { amber: 5, red: null }, 'ok')).toBe('ok');
    expect(levelOf('idleSeats', 5, { amber: 5, red: null }, 'amber')).toBe('amber');
    expect(levelOf('idleSeats', 6, { amber: 5, red: null }, 'amber')).toBe('ok');
    expect(levelOf('acd', 29, { amber: 30, red: 20 }, 'ok')).toBe('amber');
    expect(levelOf('acd', 19, { amber: 30, red: 20 }, 'ok')).toBe('red');
    expect(levelOf('acd', 34, { amber: 30, red: 20 }, 'amber')).toBe('amber');
    expect(levelOf('acd', 35, { amber: 30, red: 20 }, 'amber')).toBe('ok');
  });

  it('a limit switched off while alerting clears the level without a "recovered" notification', () => {
    const first = stepAlerts(ALL_OK, { ...NO_READINGS, connectRate: 20 }, DEFAULT_THRESHOLDS, 0);
    const off = { ...DEFAULT_THRESHOLDS, connectRate: { amber: null, red: null } };
    const second = stepAlerts(first.levels, { ...NO_READINGS, connectRate: 20 }, off, 1000);
    expect(second.levels.connectRate).toBe('ok');
    expect(second.events).toEqual([]);
  });

  it('a limit at or near the best reading there can be still recovers: the recovery point stops at that reading', () => {
    // Amber below 99 %: recovery at 99 + 2 would need 101 %, so 100 % (every call connected) never cleared it.
    const { events, levels } = run({ ...DEFAULT_THRESHOLDS, connectRate: { amber: 99, red: null } }, 'connectRate', [98, 99.9, 100]);
    expect(levels.map((level) => level.connectRate)).toEqual(['amber', 'amber', 'ok']);
    expect(events.map((event) => `${event.kind} ${event.level}`)).toEqual(['raised amber', 'recovered amber']);
    expect(levelOf('connectRate', 100, { amber: 100, red: null }, 'amber')).toBe('ok');
    expect(levelOf('connectRate', 100, { amber: 100, red: 99.5 }, 'red')).toBe('ok');
    // Busy seats above 0: no seat busy is the best there is.
    expect(levelOf('busySeats', 0, { amber: 0, red: null }, 'amber')).toBe('ok');
    // Idle seats fewer than 150 of 150 seats: every seat idle recovers; a limit above the seats there are stays crossed.
    expect(levelOf('idleSeats', 150, { amber: 150, red: null }, 'amber', 150)).toBe('ok');
    expect(levelOf('idleSeats', 149, { amber: 150, red: null }, 'amber', 150)).toBe('amber');
    expect(levelOf('idleSeats', 150, { amber: 200, red: null }, 'amber', 150)).toBe('amber');
    const seats = stepAlerts({ ...ALL_OK, idleSeats: 'amber' }, { ...NO_READINGS, idleSeats: 150 }, { ...DEFAULT_THRESHOLDS, idleSeats: { amber: 150, red: null } }, 0, 150);
    expect(seats.events.map((event) => `${event.kind} ${event.metric}`)).toEqual(['recovered idleSeats']);
    // Talk time has no best reading: its band applies in full.
    expect(levelOf('acd', 3604, { amber: 3600, red: null }, 'amber')).toBe('amber');
    expect(levelOf('acd', 3605, { amber: 3600, red: null }, 'amber')).toBe('ok');
  });

  it('while only the band holds a level, where it ends (the tile says it), and nothing when the limit itself is passed', () => {
    expect(heldUntil('connectRate', 40, DEFAULT_THRESHOLDS.connectRate, 'amber')).toBe(42);
    expect(heldUntil('connectRate', 39.96, DEFAULT_THRESHOLDS.connectRate, 'amber')).toBeNull();
    expect(heldUntil('connectRate', 31, DEFAULT_THRESHOLDS.connectRate, 'red')).toBe(32);
    expect(heldUntil('connectRate', 99.5, { amber: 99, red: null }, 'amber')).toBe(100);
    expect(heldUntil('busySeats', 10, { amber: 10, red: null }, 'amber')).toBe(9);
    expect(heldUntil('busySeats', 11, { amber: 10, red: null }, 'amber')).toBeNull();
    expect(heldUntil('connectRate', 45, DEFAULT_THRESHOLDS.connectRate, 'ok')).toBeNull();
  });

  it('a reading that would read as its limit is written with the decimals that tell them apart, and a limit as typed', () => {
    const textOf = (metric: keyof LiveReadings, limit: number, value: number): string => {
      const thresholds = { ...DEFAULT_THRESHOLDS, connectRate: { amber: null, red: null }, [metric]: { amber: limit, red: null } };
      return stepAlerts(ALL_OK, { ...NO_READINGS, [metric]: value }, thresholds, 0).events[0].text;
    };
    expect(textOf('connectRate', 40, 39.96)).toBe('Connect rate, last 30 min is 39.96 %, below the amber limit of 40 %.');
    expect(textOf('connectRate', 33.33, 33.3)).toBe('Connect rate, last 30 min is 33.3 %, below the amber limit of 33.33 %.');
    expect(textOf('connectRate', 40, 39.996)).toBe('Connect rate, last 30 min is 39.996 %, below the amber limit of 40 %.');
    expect(textOf('acd', 0.25, 0.2)).toMatch(/ is 0\.2 s, below the amber limit of 0\.25 s\.$/);
    expect(textOf('connectRate', 40, 38.04)).toBe('Connect rate, last 30 min is 38 %, below the amber limit of 40 %.');
  });

  it('each figure alerts on its own', () => {
    const thresholds = { ...DEFAULT_THRESHOLDS, idleSeats: { amber: 10, red: 3 }, busySeats: { amber: 100, red: null } };
    const step = stepAlerts(ALL_OK, { connectRate: 35, acd: 40, idleSeats: 2, busySeats: 120 }, thresholds, 5);
    expect(step.levels).toEqual({ connectRate: 'amber', acd: 'ok', idleSeats: 'red', busySeats: 'amber' });
    expect(step.events.map((event) => event.metric)).toEqual(['connectRate', 'idleSeats', 'busySeats']);
  });
});

describe('live thresholds: what may be set', () => {
  it('accepts the defaults and empty limits', () => {
    expect(thresholdProblems(DEFAULT_THRESHOLDS)).toEqual({});
  });

  it('red must be the stricter limit, percentages within 0-100 and seats whole', () => {
    const problems = thresholdProblems({
      connectRate: { amber: 30, red: 40 },
      acd: { amber: -1, red: null },
      idleSeats: { amber: 2.5, red: null },
      busySeats: { amber: 10, red: 5 },
    });
    expect(Object.keys(problems).sort()).toEqual(['acd.amber', 'busySeats.red', 'connectRate.red', 'idleSeats.amber']);
    expect(problems['connectRate.red']).toBe('Connect rate, last 30 min: red must be below amber (30 %).');
    expect(problems['busySeats.red']).toBe('Busy seats: red must be above amber (10 seats).');
  });

  it('a limit that cannot be used is not compared with the other: one problem, on its own field', () => {
    const problems = thresholdProblems({ ...DEFAULT_THRESHOLDS, connectRate: { amber: -5, red: 30 }, busySeats: { amber: 2.5, red: 1 } });
    expect(problems).toEqual({
      'connectRate.amber': 'Connect rate, last 30 min: give a number from 0 to 100, or leave it empty.',
      'busySeats.amber': 'Busy seats: give a whole number from 0 to 100000, or leave it empty.',
    });
  });

  it('refuses a limit no reading can ever pass, which would look watched and never alert; each figure by its own floor', () => {
    const never = (metric: keyof LiveReadings, level: 'amber' | 'red', value: number): Record<string, string> =>
      thresholdProblems({ ...DEFAULT_THRESHOLDS, connectRate: { amber: null, red: null }, [metric]: { amber: null, red: null, [level]: value } });
    expect(never('connectRate', 'amber', 0)).toEqual({
      'connectRate.amber': 'Connect rate, last 30 min: no reading is ever below 0 %, so this limit would never alert. Leave the field empty to not watch this figure.',
    });
    expect(Object.keys(never('connectRate', 'red', -0))).toEqual(['connectRate.red']);
    expect(never('connectRate', 'red', -0)['connectRate.red']).toContain('below 0 %');
    expect(Object.keys(never('acd', 'amber', 0))).toEqual(['acd.amber']);
    expect(never('idleSeats', 'amber', 0)['idleSeats.amber']).toMatch(/^Idle seats: no reading is ever below 0 seats, so this limit would never alert\./);
    // Above 0 busy seats alerts at the first busy one; the smallest limits that can be passed are taken.
    expect(never('busySeats', 'amber', 0)).toEqual({});
    expect(never('connectRate', 'amber', 0.1)).toEqual({});
    expect(never('idleSeats', 'red', 1)).toEqual({});
    // A red limit that would never alert is not also told it must be below amber.
    expect(thresholdProblems({ ...DEFAULT_THRESHOLDS, idleSeats: { amber: 5, red: 0 } })).toEqual({
      'idleSeats.red': 'Idle seats: no reading is ever below 0 seats, so this limit would never alert. Leave the field empty to not watch this figure.',
    });
  });
});

describe('a limit as typed in the Thresholds form', () => {
  it('reads plain decimals, full-width ones too, and empty as off', () => {
    expect(limitOfText('')).toBeNull();
    expect(limitOfText('  \t ')).toBeNull();
    expect(limitOfText('\u3000')).toBeNull();
    expect(limitOfText(' 30 ')).toBe(30);
    expect(limitOfText('30.5')).toBe(30.5);
    expect(limitOfText('.5')).toBe(0.5);
    // A negative number is a number: the range check says why it cannot be used.
    expect(limitOfText('-5')).toBe(-5);
    // A Chinese input method's full-width digits, point and sign.
    expect(limitOfText('３０')).toBe(30);
    expect(limitOfText('４５．５')).toBe(45.5);
    // Arabic and Persian keyboards' digits, as every typed number in the app reads them.
    expect(limitOfText('٣٠')).toBe(30);
    expect(limitOfText('۴۵')).toBe(45);
  });

  it('refuses what only JavaScript reads as a number, and text that is not one', () => {
    for (const typed of ['0x10', '0b11', '0o7', '1e1', '1e9', 'Infinity', '30 %', '30%', '1,5', '三十', '3\u00000', '30\u200b', '3²', '①', '1 000', '+', '.']) {
      expect(limitOfText(typed), JSON.stringify(typed)).toBeNaN();
    }
  });
});
