import { untrack } from 'svelte';
import { activeAlertCount, alertText, alertTitle } from '../../../shared/live/alerts';
import { nextRefreshMs, type LiveBoard } from '../../../shared/live/board';
import type { AppError } from '../../../shared/result';
import { formatInstant, shownZoneOf, type TimeZone } from '../../../shared/time-zone';
import { formatNumber, m } from '../../../shared/i18n';
import { bridge } from './bridge';
import { askToNotify, notifyDesktop } from './desktop-notice';
import { settingsOf, shouldWatch, type LiveSettings } from './live-settings';
import { navigation } from './navigation.svelte';
import { preferences } from './preferences.svelte';
import { session } from './session.svelte';

/** The refresh periods offered, in seconds (10 s to 10 min). */
export const REFRESH_CHOICES: readonly number[] = [10, 15, 30, 60, 120, 300, 600];

export function periodText(seconds: number): string {
  return seconds < 60 ? m.overview_period_seconds({ count: formatNumber(seconds) }) : m.overview_period_minutes({ count: formatNumber(seconds / 60) });
}

/** An instant as the profile's wall clock, to the second, as every time the app shows: "2026-11-27 10:42:30". */
export function clockText(epochMs: number, zone: TimeZone): string {
  return formatInstant(epochMs, zone);
}

function settingsKey(profileId: string): string {
  return `live.${profileId}`;
}

/** Why the board is not refreshing by itself right now. */
export type LivePause = 'hidden' | 'offline' | null;

/**
 * The Live board and its refresh loop: while the screen is open, and after it was opened
 * while "Watch in the background" is on (and some limit is set), it refreshes by itself every
 * period (longer after -15), never two at once, and not at all while the window is hidden or
 * the computer is offline. It watches the active profile, and follows a switch to another.
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
  /** The Live screen is open. */
  onScreen = $state(false);
  /** The board was opened in this run of the app, or was being watched when the app last ran. */
  opened = $state(false);
  /** Refreshing by itself now, on the screen or in the background. */
  active = $state(false);

  readonly profileId = $derived(session.activeProfileId);
  readonly zone: TimeZone = $derived(shownZoneOf(this.board?.timeZone ?? session.profile?.timeZone));
  readonly settings: LiveSettings = $derived(settingsOf(this.profileId ? preferences.get(settingsKey(this.profileId)) : undefined));
  readonly wanted = $derived(shouldWatch({ onScreen: this.onScreen, opened: this.opened, settings: this.settings }));
  /** Figures at amber or red on the board now (the sidebar shows how many). */
  readonly activeAlerts = $derived(this.board ? activeAlertCount(this.board.levels) : 0);

  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the last refresh ended: the wait before the next counts from it. */
  private endedAt: number | null = null;
  private running: Promise<void> | null = null;
  private followed: string | null = null;
  private restored = false;

  private readonly onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.pause('hidden');
    else this.resume();
  };
  private readonly onOffline = (): void => this.pause('offline');
  private readonly onOnline = (): void => this.resume();

  constructor() {
    // Electron's notification of an alert was clicked (a browser's calls navigation itself).
    bridge.onLiveAlertClicked(() => navigation.go('live'));
    $effect.root(() => {
      // At start: a board that was being watched when the app last ran is watched again.
      $effect(() => {
        if (this.restored || !preferences.loaded || this.profileId === null) return;
        this.restored = true;
        if (untrack(() => this.settings.watched)) this.opened = true;
      });
      $effect(() => {
        const profileId = this.profileId;
        const wanted = this.wanted;
        untrack(() => this.steer(profileId, wanted));
      });
    });
  }

  /** The screen opened: the board refreshes now and by itself, and (unless switched off) goes on after the screen is left. */
  open(): void {
    this.onScreen = true;
    this.opened = true;
    if (this.settings.background && !this.settings.watched) this.store({ watched: true });
  }

  /** The screen closed: the board goes on only if it watches in the background. */
  close(): void {
    this.onScreen = false;
    this.wall = false;
  }

  private steer(profileId: string | null, wanted: boolean): void {
    if (profileId !== this.followed) {
      // Another profile: its own board, settings and alerts; the last one's wait ends.
      this.followed = profileId;
      this.board = null;
      this.problem = null;
      this.rateLimitedInARow = 0;
      this.deactivate();
    }
    if (wanted) this.activate();
    else this.deactivate();
  }

  private activate(): void {
    if (this.active) return;
    this.active = true;
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    this.resume();
  }

  private deactivate(): void {
    if (!this.active) return;
    this.active = false;
    this.paused = null;
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
    // Back at once, unless slowed down after -15: the platform asked for fewer requests, and a pause does not end that wait.
    if (this.rateLimitedInARow > 0 && this.endedAt !== null && this.running === null) this.schedule(this.endedAt);
    else void this.refresh();
  }

  /** The next refresh, a wait after `sinceMs` (the last refresh's end): the period, longer after -15. */
  private schedule(sinceMs: number = Date.now()): void {
    this.clearTimer();
    if (!this.active || this.paused !== null) return;
    this.nextAt = sinceMs + nextRefreshMs(this.settings.refreshSeconds, this.rateLimitedInARow);
    this.timer = setTimeout(() => void this.refresh(), Math.max(0, this.nextAt - Date.now()));
  }

  /** Refreshes now (the loop, or Refresh now); a refresh under way is not started twice. */
  refresh(): Promise<void> {
    if (this.running) return this.running;
    const profileId = this.profileId;
    this.running = this.refreshOnce(profileId).finally(() => {
      this.running = null;
      this.endedAt = Date.now();
      // The profile was switched meanwhile: the new one's board at once, not a period later.
      if (this.active && profileId !== this.profileId) void this.refresh();
      else this.schedule();
    });
    return this.running;
  }

  private async refreshOnce(profileId: string | null): Promise<void> {
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

  /** Saves this profile's settings (the user's change); a new period takes effect from the next wait. */
  save(patch: Partial<LiveSettings>): void {
    // Switched off, the board is not watched again at the next start; switched on (on the screen), it is.
    this.store(patch.background === undefined ? patch : { ...patch, watched: patch.background });
    // A browser asks for notifications on a gesture of the user's: here, setting the board up.
    askToNotify();
    if (patch.refreshSeconds !== undefined && this.timer !== null) queueMicrotask(() => this.schedule());
  }

  private store(patch: Partial<LiveSettings>): void {
    if (this.profileId !== null) preferences.set(settingsKey(this.profileId), { ...this.settings, ...patch });
  }
}

export const live = new LiveState();
