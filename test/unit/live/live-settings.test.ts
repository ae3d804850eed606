/** A profile's Live settings read back from the preferences, and when the board refreshes by itself. */
import { describe, expect, it } from 'vitest';
import { activeAlertCount, ALL_OK, DEFAULT_THRESHOLDS, type LiveThresholds } from '../../../src/shared/live/alerts';
import { DEFAULT_SETTINGS, hasLimits, settingsOf, shouldWatch } from '../../../src/renderer/src/lib/live-settings';

const NO_LIMITS: LiveThresholds = {
  connectRate: { amber: null, red: null },
  acd: { amber: null, red: null },
  idleSeats: { amber: null, red: null },
  busySeats: { amber: null, red: null },
};

describe('the Live settings', () => {
  it('watch in the background unless switched off, and remember whether the board was being watched', () => {
    expect(settingsOf(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.background).toBe(true);
    expect(DEFAULT_SETTINGS.watched).toBe(false);
    // Settings saved before the switch existed: on.
    expect(settingsOf({ refreshSeconds: 15 })).toMatchObject({ refreshSeconds: 15, background: true, watched: false });
    expect(settingsOf({ background: false, watched: true })).toMatchObject({ background: false, watched: true });
    // Anything but false keeps it on; anything but true is not watched.
    expect(settingsOf({ background: 'no', watched: 'yes' })).toMatchObject({ background: true, watched: false });
  });

  it('keep the thresholds saved, a limit that is no number switched off', () => {
    const saved = settingsOf({ thresholds: { busySeats: { amber: 10, red: 'x' } } });
    expect(saved.thresholds.busySeats).toEqual({ amber: 10, red: null });
    expect(saved.thresholds.connectRate).toEqual(DEFAULT_THRESHOLDS.connectRate);
  });

  it('give a figure whose saved limits the form would refuse its defaults, so the board is never refused for them', () => {
    const saved = settingsOf({
      thresholds: { connectRate: { amber: 10, red: 90 }, acd: { amber: -5, red: null }, busySeats: { amber: 2.5, red: null }, idleSeats: { amber: 3, red: 1 } },
    });
    expect(saved.thresholds.connectRate).toEqual(DEFAULT_THRESHOLDS.connectRate);
    expect(saved.thresholds.acd).toEqual(DEFAULT_THRESHOLDS.acd);
    expect(saved.thresholds.busySeats).toEqual(DEFAULT_THRESHOLDS.busySeats);
    expect(saved.thresholds.idleSeats).toEqual({ amber: 3, red: 1 });
  });
});

describe('when the Live board refreshes by itself', () => {
  const on = { background: true, thresholds: DEFAULT_THRESHOLDS };

  it('always while its screen is open, whatever the switch and the limits', () => {
    expect(shouldWatch({ onScreen: true, opened: true, settings: { background: false, thresholds: NO_LIMITS } })).toBe(true);
  });

  it('after the screen is left, only once it was opened, with the switch on and some limit set', () => {
    expect(shouldWatch({ onScreen: false, opened: true, settings: on })).toBe(true);
    expect(shouldWatch({ onScreen: false, opened: false, settings: on })).toBe(false);
    expect(shouldWatch({ onScreen: false, opened: true, settings: { ...on, background: false } })).toBe(false);
    expect(shouldWatch({ onScreen: false, opened: true, settings: { ...on, thresholds: NO_LIMITS } })).toBe(false);
  });

  it('counts a figure with either limit as something to watch', () => {
    expect(hasLimits(NO_LIMITS)).toBe(false);
    expect(hasLimits({ ...NO_LIMITS, acd: { amber: null, red: 20 } })).toBe(true);
    expect(hasLimits(DEFAULT_THRESHOLDS)).toBe(true);
  });
});

describe('the active alerts', () => {
  it('are the figures at amber or red', () => {
    expect(activeAlertCount(ALL_OK)).toBe(0);
    expect(activeAlertCount({ ...ALL_OK, busySeats: 'amber', idleSeats: 'red' })).toBe(2);
  });
});
