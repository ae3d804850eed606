/**
 * What a profile keeps of its Live board, read back from the saved preferences, and the
 * one rule for when the board refreshes by itself: pure, so the tests read the same thing.
 */
import { DEFAULT_THRESHOLDS, LIVE_METRICS, thresholdProblems, type LiveThresholds } from '../../../shared/live/alerts';
import { LIVE_REFRESH_SECONDS, refreshSecondsOf } from '../../../shared/live/board';

/** How often the board refreshes, its thresholds, the wall's scheme, and whether it watches while another screen is open. */
export interface LiveSettings {
  refreshSeconds: number;
  thresholds: LiveThresholds;
  wallScheme: 'dark' | 'light';
  /** "Watch in the background": the board keeps refreshing (and alerting) after the screen is left. */
  background: boolean;
  /** The board was being watched when the app last ran: the watch starts again with the app. */
  watched: boolean;
}

export const DEFAULT_SETTINGS: LiveSettings = {
  refreshSeconds: LIVE_REFRESH_SECONDS.default,
  thresholds: DEFAULT_THRESHOLDS,
  wallScheme: 'dark',
  background: true,
  watched: false,
};

/** Saved settings read back, anything unusable replaced by the default. */
export function settingsOf(saved: unknown): LiveSettings {
  if (typeof saved !== 'object' || saved === null) return DEFAULT_SETTINGS;
  const value = saved as Partial<Record<keyof LiveSettings, unknown>>;
  const thresholds = { ...DEFAULT_THRESHOLDS };
  if (typeof value.thresholds === 'object' && value.thresholds !== null) {
    const stored = value.thresholds as Partial<Record<string, { amber?: unknown; red?: unknown }>>;
    const limit = (input: unknown): number | null => (typeof input === 'number' && Number.isFinite(input) ? input : null);
    for (const metric of LIVE_METRICS) {
      const entry = stored[metric];
      if (entry) thresholds[metric] = { amber: limit(entry.amber), red: limit(entry.red) };
    }
    // A figure whose saved limits the form would refuse (edited by hand, an older rule) keeps its defaults: main refuses them too.
    const problems = Object.keys(thresholdProblems(thresholds));
    for (const metric of LIVE_METRICS) {
      if (problems.some((field) => field.startsWith(`${metric}.`))) thresholds[metric] = DEFAULT_THRESHOLDS[metric];
    }
  }
  return {
    refreshSeconds: refreshSecondsOf(value.refreshSeconds),
    thresholds,
    wallScheme: value.wallScheme === 'light' ? 'light' : 'dark',
    background: value.background !== false,
    watched: value.watched === true,
  };
}

/** Whether any figure has a limit: without one there is nothing to watch for. */
export function hasLimits(thresholds: LiveThresholds): boolean {
  return LIVE_METRICS.some((metric) => thresholds[metric].amber !== null || thresholds[metric].red !== null);
}

export interface WatchFacts {
  /** The Live screen is open. */
  onScreen: boolean;
  /** The board was opened in this run of the app (or was being watched when it last ran). */
  opened: boolean;
  settings: Pick<LiveSettings, 'background' | 'thresholds'>;
}

/**
 * Whether the board refreshes by itself: always while its screen is open; elsewhere only once
 * it was opened, while "Watch in the background" is on and some limit is set.
 */
export function shouldWatch({ onScreen, opened, settings }: WatchFacts): boolean {
  return onScreen || (opened && settings.background && hasLimits(settings.thresholds));
}
