/**
 * The Live board's refresh, per profile: fetch only what changed, then compute over the
 * archive and check the thresholds.
 *
 * What changed is the tail of today's voice records (an incremental sync: the part of
 * today the archive does not hold, plus the last two minutes again for records that
 * arrive late) and the seat list (a snapshot, its pages). Yesterday and the same day last
 * week are synced whole once, then settled; the team leaders once an hour. So a refresh
 * when nothing changed costs one request for the voice tail plus the seat list's pages.
 *
 * Never two refreshes of a profile at once: a call while one runs gets its answer.
 */
import { worded } from '../../shared/i18n/said';
import { AccountsError, type Accounts } from '../accounts/accounts';
import { KeychainUnavailableError } from '../accounts/secret-store';
import { createClient } from '../api';
import type { ArchiveStore } from '../archive/archive-store';
import type { Archives } from '../archive/archives';
import { platformSyncSource } from '../archive/platform-source';
import { syncSnapshot, syncWindow, type SyncSummary } from '../archive/sync';
import type { DesktopPort } from '../desktop-port';
import type { Logger } from '../log';
import { ALL_OK, stepAlerts, thresholdProblems, type AlertEvent, type AlertLevels } from '../../shared/live/alerts';
import type { LiveBoard, LiveBoardRequest, LiveRefresh } from '../../shared/live/board';
import { calendarOf, type Window } from '../../shared/calendar';
import { platformStatusOf } from '../../shared/errors';
import { m } from '../../shared/i18n';
import { fail, ok, type AppError, type Result } from '../../shared/result';
import { parseTimeZone } from '../../shared/time-zone';
import { liveSeats, liveVoice, liveWindows, readingsOf } from './live-figures';

/** Records of the last two minutes are fetched again each refresh: a call's record can arrive after its start. */
export const LIVE_REFETCH_MS = 2 * 60_000;
/** The team leaders (who leads which groups) change seldom: fetched again after an hour. */
const LEADERS_EVERY_MS = 60 * 60_000;
const MAX_ALERTS = 50;
/**
 * The board's requests: a failure is tried once more (the board comes back every period anyway), a -15 up to nine
 * times as everywhere in the app, but with waits of at most 2 s: a platform allowing a request a second lets each
 * through within them, and one that refuses every request stops a refresh within about 15 s.
 */
const LIVE_RETRY = { maxAttempts: 2, maxDelayMs: 2_000 } as const;

export interface LiveBoardsDeps {
  accounts: Pick<Accounts, 'state' | 'active' | 'connection'>;
  archives: Pick<Archives, 'store' | 'condition'>;
  log: Logger;
  desktop: Pick<DesktopPort, 'notify'>;
  /** A desktop notification of a profile's alert was clicked (the window then opens the Live board). */
  onAlertClicked?: (profileId: string) => void;
  now?: () => number;
}

interface ProfileState {
  levels: AlertLevels;
  alerts: AlertEvent[];
  updatedAt: number | null;
  leadersAt: number | null;
  /** The platform's clock less this computer's, as the last refresh's answers showed it: "today" and "now" are the platform's. */
  platformOffsetMs: number;
}

export class LiveBoards {
  private readonly running = new Map<string, Promise<Result<LiveBoard>>>();
  private readonly states = new Map<string, ProfileState>();

  constructor(private readonly deps: LiveBoardsDeps) {}

  async board(request: LiveBoardRequest): Promise<Result<LiveBoard>> {
    // Limits the Thresholds form would refuse (negative, past their range, red milder than amber) are refused here too, by field.
    const problems = Object.entries(thresholdProblems(request.thresholds));
    if (problems.length > 0) {
      const fields = Object.fromEntries(problems.map(([field, problem]) => [`thresholds.${field}`, problem]));
      return { ok: false, error: { code: 'validation', message: problems[0][1], fields } };
    }
    const profileId = request.profileId ?? (await this.deps.accounts.active())?.id ?? null;
    if (profileId === null) return fail('not-found', m.errors_choose_profile());
    const running = this.running.get(profileId);
    if (running) return running;
    const refresh = this.refresh(profileId, request).finally(() => this.running.delete(profileId));
    this.running.set(profileId, refresh);
    return refresh;
  }

  /** Why the archive could not be read or written for a board, for the log (the board says it in plain words). */
  private warn(profileId: string, error: unknown): void {
    this.deps.log.warn(`live board of ${profileId}: ${error instanceof Error ? error.message : String(error)}`);
  }

  private state(profileId: string): ProfileState {
    let state = this.states.get(profileId);
    if (!state) {
      state = { levels: { ...ALL_OK }, alerts: [], updatedAt: null, leadersAt: null, platformOffsetMs: 0 };
      this.states.set(profileId, state);
    }
    return state;
  }

  private async refresh(profileId: string, request: LiveBoardRequest): Promise<Result<LiveBoard>> {
    const profile = (await this.deps.accounts.state()).profiles.find((candidate) => candidate.id === profileId);
    if (!profile) return fail('not-found', m.export_profile_gone());
    const zone = parseTimeZone(profile.timeZone);
    if (!zone) return fail('validation', m.overview_profile_zone_invalid({ zone: profile.timeZone }));
    const store = await this.deps.archives.store(profileId);
    if (!store) {
      const condition = this.deps.archives.condition(profileId);
      if (condition.state === 'off') return { ok: false, error: { code: 'archive-off', ...worded({ key: 'overview_live_archive_off' }) } };
      const why = worded(
        condition.state === 'unavailable'
          ? { key: 'overview_live_archive_unavailable_why', params: { reason: condition.said } }
          : { key: 'overview_live_archive_unavailable' },
      );
      return { ok: false, error: { code: 'archive-unavailable', ...why } };
    }
    const now = this.deps.now ?? Date.now;
    const state = this.state(profileId);
    // Now by the platform's clock, as the answers' Date headers tell it (this refresh's first answer already).
    const platformNow = (): number => now() + state.platformOffsetMs;
    const { nowMs, ...fetched } = request.fetch
      ? await this.fetchChanges(profileId, store, calendarOf(zone), platformNow, state)
      : { ...archiveOnly(m.overview_live_offline()), nowMs: platformNow() };
    if (fetched.problem === null) state.updatedAt = nowMs;
    // A refresh that fetched nothing (offline, -15) counts up to when the platform's data last arrived: the archive's gap
    // since is no quiet spell in the last 30 minutes, and today is set beside the same stretch of yesterday, not a longer one.
    const asOfMs = fetched.problem === null ? nowMs : (state.updatedAt ?? nowMs);

    const started = performance.now();
    let voice;
    let seats;
    try {
      [voice, seats] = await Promise.all([liveVoice(store, zone, asOfMs), liveSeats(store)]);
    } catch (error) {
      this.warn(profileId, error);
      return fail('archive', m.overview_live_archive_unreadable());
    }
    const computeMs = Math.round((performance.now() - started) * 10) / 10;
    const readings = readingsOf(voice.last30, seats);
    const step = stepAlerts(state.levels, readings, request.thresholds, nowMs, seats.takenAt === null ? null : seats.total);
    state.levels = step.levels;
    state.alerts = [...[...step.events].reverse(), ...state.alerts].slice(0, MAX_ALERTS);
    let notifiedByDesktop = false;
    const clicked = (): void => this.deps.onAlertClicked?.(profileId);
    for (const event of step.events) notifiedByDesktop = this.deps.desktop.notify?.(event.title, event.text, clicked) === true;

    return ok({
      profileId,
      timeZone: zone.name,
      asOfMs,
      refresh: { ...fetched, updatedAt: state.updatedAt, platformOffsetMs: state.platformOffsetMs },
      seats,
      today: voice.today,
      yesterday: voice.yesterday,
      lastWeek: voice.lastWeek,
      last30: voice.last30,
      hours: voice.hours,
      readings,
      levels: step.levels,
      alerts: state.alerts,
      newAlerts: step.events,
      notifiedByDesktop,
      computeMs,
    });
  }

  /**
   * Fetches the seat list and today's voice tail (and what else the board lacks); never throws. The
   * seat list comes first: its answer tells the platform's clock, by which today's windows are then
   * set, so even a first refresh on a computer whose clock is off reads the platform's today.
   * `nowMs`: the platform's now the voice records were fetched up to.
   */
  private async fetchChanges(
    profileId: string,
    store: ArchiveStore,
    calendar: ReturnType<typeof calendarOf>,
    platformNow: () => number,
    state: ProfileState,
  ): Promise<Fetched & { nowMs: number }> {
    let nowMs = platformNow();
    if (store.syncing) return { ...archiveOnly(m.overview_live_other_sync()), nowMs };
    let requests = 0;
    let rows = 0;
    let slowed = false;
    let client;
    // The client signs by the platform's clock as the last refresh found it, and tells it again. That clock stays put
    // for the refresh: its answers' offsets are measured against it, and read against a clock moved since (once this
    // refresh learned the platform's), an hour's change would be counted twice.
    const signingOffsetMs = state.platformOffsetMs;
    const platformClock = (): number => Date.now() + signingOffsetMs;
    try {
      const connection = await this.deps.accounts.connection(profileId);
      // Under a strict rate limit the seat list's pages and the voice tail come one after another within one
      // refresh: a longer wait between refreshes would not let them through, waiting their turn inside it does.
      client = createClient({
        ...connection,
        now: platformClock,
        log: this.deps.log,
        retry: LIVE_RETRY,
        onListPage: () => {
          requests += 1;
        },
        onRetry: (info) => {
          if (info.rateLimited) slowed = true;
        },
      });
    } catch (error) {
      // The accounts' own refusals (no secret stored, the keychain locked) are written for people; anything else is logged, not shown.
      if (error instanceof AccountsError || error instanceof KeychainUnavailableError) return { ...archiveOnly(error.message), nowMs };
      this.warn(profileId, error);
      return { ...archiveOnly(m.overview_live_cannot_connect()), nowMs };
    }
    const opened = client;
    // Measured against this computer's clock itself, so the header's rounding is never added up.
    const learnPlatformClock = (): void => {
      const platformMs = opened.platformTimeAt(platformClock());
      if (platformMs !== null) state.platformOffsetMs = platformMs - Date.now();
    };
    const voice = platformSyncSource(client, 'voiceRecords');
    const leadersDue = state.leadersAt === null || nowMs - state.leadersAt >= LEADERS_EVERY_MS;
    try {
      const seats = await syncSnapshot(store, platformSyncSource(client, 'seats'), '');
      if (!seats.ok) return { requests, rows, slowed, ...whyNot(seats.error), nowMs };
      rows += seats.value.rows;
      learnPlatformClock();
      nowMs = platformNow();
      const windows = liveWindows(calendar, nowMs);
      const wholeDay = (window: Window): Window => ({ fromMs: window.fromMs, toMs: calendar.dayStartMs(calendar.dayOf(window.fromMs) + 1) });
      const steps: (() => Promise<Result<SyncSummary>>)[] = [
        () => syncWindow(store, voice, wholeDay(windows.lastWeek), LIVE_REFETCH_MS),
        () => syncWindow(store, voice, wholeDay(windows.yesterday), LIVE_REFETCH_MS),
        () => syncWindow(store, voice, windows.today, LIVE_REFETCH_MS, { now: () => nowMs }),
      ];
      if (leadersDue) steps.push(() => syncSnapshot(store, platformSyncSource(client, 'teamLeaders'), ''));
      for (const step of steps) {
        const result = await step();
        if (!result.ok) return { requests, rows, slowed, ...whyNot(result.error), nowMs };
        rows += result.value.rows;
      }
      if (leadersDue) state.leadersAt = nowMs;
      return { requests, rows, slowed, rateLimited: false, offline: false, problem: null, nowMs };
    } catch (error) {
      // A step that throws instead of answering (the archive closed under it): the board says so and tries again next time.
      this.warn(profileId, error);
      return { ...archiveOnly(m.overview_live_archive_unreadable()), requests, rows, slowed, nowMs };
    } finally {
      learnPlatformClock();
      client.close();
    }
  }
}

/** What a refresh fetched; the update time and the clocks' difference are the profile's, added after. */
type Fetched = Omit<LiveRefresh, 'updatedAt' | 'platformOffsetMs'>;

function archiveOnly(problem: string): Fetched {
  return { requests: 0, rows: 0, slowed: false, rateLimited: false, offline: false, problem };
}

/** A refresh that stopped: rate limited, offline, or why else, in words. */
function whyNot(error: AppError): Pick<LiveRefresh, 'rateLimited' | 'offline' | 'problem'> {
  if (platformStatusOf(error) === -15) {
    return { rateLimited: true, offline: false, problem: m.overview_live_rate_limited() };
  }
  if (error.code === 'network' || error.code === 'timeout') {
    return { rateLimited: false, offline: true, problem: m.overview_live_unreachable() };
  }
  return { rateLimited: false, offline: false, problem: m.overview_live_refresh_stopped({ reason: error.message }) };
}
