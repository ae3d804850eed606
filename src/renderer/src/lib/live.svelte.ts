import { alertText, alertTitle, DEFAULT_THRESHOLDS, LIVE_METRICS, type LiveThresholds } from '../../../shared/live/alerts';
import { LIVE_REFRESH_SECONDS, nextRefreshMs, refreshSecondsOf, type LiveBoard } from '../../../shared/live/board';
import type { AppError } from '../../../shared/result';
import { epochMsToWallTime, formatWallTime, parseTimeZone, type TimeZone } from '../../../shared/time-zone';
import { formatNumber, m } from '../../../shared/i18n';
import { bridge } from './bridge';
import { askToNotify, notifyDesktop } from './desktop-notice';
import { navigation } from './navigation.svelte';
import { preferences } from './preferences.svelte';
import { session } from './session.svelte';

/** What a profile keeps of its Live board: how often it refreshes, its thresholds, the wall's scheme. */
export interface LiveSettings {
  refreshSeconds: number;
  thresholds: LiveThresholds;
  wallScheme: 'dark' | 'light';
}

const DEFAULT_SETTINGS: LiveSettings = { refreshSeconds: LIVE_REFRESH_SECONDS.default, thresholds: DEFAULT_THRESHOLDS, wallScheme: 'dark' };

/** The refresh periods offered, in seconds (10 s to 10 min). */
export const REFRESH_CHOICES: readonly number[] = [10, 15, 30, 60, 120, 300, 600];

export function periodText(seconds: number): string {
  return seconds < 60 ? m.overview_period_seconds({ count: formatNumber(seconds) }) : m.overview_period_minutes({ count: formatNumber(seconds / 60) });
}

/** An instant as the profile's wall clock, to the second: "10:42:30". */
export function clockText(epochMs: number, zone: TimeZone): string {
  return formatWallTime(epochMsToWallTime(epochMs, zone)).slice(11, 19);
}

function settingsKey(profileId: string): string {
  return `live.${profileId}`;
}

/** Saved settings read back, anything unusable replaced by the default. */
function settingsOf(saved: unknown): LiveSettings {
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
  }
  return {
    refreshSeconds: refreshSecondsOf(value.refreshSeconds),
    thresholds,
    wallScheme: value.wallScheme === 'light' ? 'light' : 'dark',
  };
}

/** Why the board is not refreshing by itself right now. */
export type LivePause = 'hidden' | 'offline' | null;

/**
 * The Live screen's board and its refresh loop: while the screen is open it refreshes by
 * itself every period (longer after -15), never two at once, and not at all while the
 * window is hidden or the computer is offline.
 */
class LiveState {
  board = $state.raw<LiveBoard | null>(null);
  problem = $state<AppError | null>(null);
  working = $state(false);
  paused = $state<LivePause>(null);
  /** Refreshes refused with -15 in a row: each doubles the wait. */
  rateLimitedInARow = $state(0);
  /** When the next refresh is due; null while paused or working. */
  nextAt = $state<number | null>(null);
  wall = $state(false);

  readonly profileId = $derived(session.activeProfileId);
  readonly zone: TimeZone = $derived(parseTimeZone(this.board?.timeZone ?? session.profile?.timeZone ?? 'UTC') ?? (parseTimeZone('UTC') as TimeZone));
  readonly settings: LiveSettings = $derived(settingsOf(this.profileId ? preferences.get(settingsKey(this.profileId)) : undefined));

  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private active = false;
  private boardProfile: string | null = null;

  private readonly onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.pause('hidden');
    else this.resume();
  };
  private readonly onOffline = (): void => this.pause('offline');
  private readonly onOnline = (): void => this.resume();

  /** The screen opened: refresh now and then by itself. */
  start(): void {
    if (this.active) return;
    this.active = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    if (this.boardProfile !== this.profileId) this.board = null;
    this.resume();
  }

  /** The screen closed: no more refreshes. */
  stop(): void {
    this.active = false;
    this.clearTimer();
    this.nextAt = null;
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private pause(why: Exclude<LivePause, null>): void {
    this.paused = why;
    this.clearTimer();
    this.nextAt = null;
  }

  private resume(): void {
    if (!this.active) return;
    if (document.visibilityState === 'hidden') return this.pause('hidden');
    if (!navigator.onLine) return this.pause('offline');
    this.paused = null;
    void this.refresh();
  }

  private schedule(): void {
    this.clearTimer();
    if (!this.active || this.paused !== null) return;
    const waitMs = nextRefreshMs(this.settings.refreshSeconds, this.rateLimitedInARow);
    this.nextAt = Date.now() + waitMs;
    this.timer = setTimeout(() => void this.refresh(), waitMs);
  }

  /** Refreshes now (the loop, or Refresh now); a refresh under way is not started twice. */
  refresh(): Promise<void> {
    this.running ??= this.refreshOnce().finally(() => {
      this.running = null;
      this.schedule();
    });
    return this.running;
  }

  private async refreshOnce(): Promise<void> {
    const profileId = this.profileId;
    if (profileId === null || !this.active) return;
    this.clearTimer();
    this.nextAt = null;
    this.working = true;
    try {
      const result = await bridge.liveBoard({ profileId, thresholds: this.settings.thresholds, fetch: navigator.onLine });
      if (profileId !== this.profileId) return;
      if (!result.ok) {
        this.problem = result.error;
        return;
      }
      this.problem = null;
      const board = result.value;
      performance.mark('switchboard:live-arrived');
      this.board = board;
      this.boardProfile = profileId;
      this.rateLimitedInARow = board.refresh.rateLimited ? this.rateLimitedInARow + 1 : 0;
      // Electron's notification was shown by main; in a browser the page shows it.
      if (!board.notifiedByDesktop) {
        for (const alert of board.newAlerts) notifyDesktop(alertTitle(alert), alertText(alert), () => navigation.go('live'));
      }
    } finally {
      this.working = false;
    }
  }

  /** Refresh now: the user's own, so a browser may ask for notifications here too. */
  refreshNow(): Promise<void> {
    askToNotify();
    return this.refresh();
  }

  /** Saves this profile's settings; a new period takes effect from the next wait. */
  save(patch: Partial<LiveSettings>): void {
    if (this.profileId === null) return;
    preferences.set(settingsKey(this.profileId), { ...this.settings, ...patch });
    // A browser asks for notifications on a gesture of the user's: here, setting the board up.
    askToNotify();
    if (patch.refreshSeconds !== undefined && this.timer !== null) queueMicrotask(() => this.schedule());
  }

  /** Follows another profile: its own board, settings and alerts. */
  follow(profileId: string | null): void {
    if (profileId === this.boardProfile) return;
    this.board = null;
    this.problem = null;
    this.rateLimitedInARow = 0;
    if (this.active) void this.refresh();
  }
}

export const live = new LiveState();
