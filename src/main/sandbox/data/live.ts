/**
 * The sandbox's live day: when on, the floor keeps moving after the anchor. Voice calls
 * arrive one about every `callEveryMs` with current submit times (call k at
 * anchor + (k + jitter_k) x callEveryMs), and every seat takes a new status every
 * `seatPeriodMs`, each at its own phase, so the counts change every few seconds.
 *
 * Everything is a pure function of the seed and the clock: a test that knows the instant
 * (or freezes the clock with `setClock`) computes exactly what the platform serves.
 * Off by default, so data anchored for a test stays fixed.
 */
import { createRandom, hash32, STREAM } from '../prng';

export interface LiveDayOptions {
  /** About how often a call arrives. Default 15 s. */
  callEveryMs?: number;
  /** How long a seat keeps a status before it takes another (maybe the same). Default 20 s. */
  seatPeriodMs?: number;
}

export const LIVE_DEFAULTS: Readonly<Required<LiveDayOptions>> = { callEveryMs: 15_000, seatPeriodMs: 20_000 };

/** The live stream's own draws: calls' times, seats' phases and statuses. */
const LIVE_STREAM = 0x11fe;
const CALL_TIME = 1;
const SEAT_PHASE = 2;
const SEAT_STATUS = 3;

/** Seat status codes (SEAT_STATUS_LABELS) by weight: most of a live floor is busy or idle. */
const LIVE_SEAT_STATUSES: readonly (readonly [number, number])[] = [
  [1, 12],
  [2, 30],
  [3, 40],
  [4, 12],
  [5, 6],
];

export interface LiveDay {
  readonly on: boolean;
  readonly options: Readonly<Required<LiveDayOptions>>;
  /** Switches the live day on (again): calls from the anchor on, seats moving. */
  start(options?: LiveDayOptions): void;
  /** Back to the fixed data. */
  stop(): void;
  /** Freezes the live clock at an instant (tests), or null: follow the real clock. */
  setClock(ms: number | null): void;
  /** The live clock: the frozen instant, or now. */
  nowMs(): number;
  /** How many live calls were submitted at or before `atMs` (0 when off). */
  callCount(atMs: number): number;
  /** Epoch seconds of live call k (k = 0 is the first after the anchor). */
  callSeconds(k: number): number;
  /** Live calls [first, end) (oldest first) submitted within [fromMs, toMs] and at or before `atMs`. */
  callRange(fromMs: number, toMs: number, atMs: number): { first: number; end: number };
  /** Seat `index`'s status code at `atMs`, or null when off (the seat keeps its fixed status). */
  seatStatus(index: number, atMs: number): number | null;
}

function checkedPeriod(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1000) throw new RangeError(`${name} must be a whole number of ms, 1000 or more, not ${value}`);
  return value;
}

export function createLiveDay(seed: number, anchorMs: number, initial: LiveDayOptions | null): LiveDay {
  const anchorSeconds = Math.floor(anchorMs / 1000);
  let on = false;
  let options: Required<LiveDayOptions> = { ...LIVE_DEFAULTS };
  let frozenMs: number | null = null;

  const callSeconds = (k: number): number => {
    const jitter = hash32(seed, LIVE_STREAM, CALL_TIME, k) / 0x100000000;
    return anchorSeconds + Math.floor(((k + jitter) * options.callEveryMs) / 1000);
  };
  /** The first call k submitted after `limitMs` (strictly after; at or after when `inclusive` is false). */
  const firstAfter = (limitMs: number, inclusive: boolean): number => {
    if (limitMs < anchorSeconds * 1000) return 0;
    let low = 0;
    let high = Math.floor((limitMs - anchorSeconds * 1000) / options.callEveryMs) + 2;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const ms = callSeconds(middle) * 1000;
      if (inclusive ? ms > limitMs : ms >= limitMs) high = middle;
      else low = middle + 1;
    }
    return low;
  };

  const live: LiveDay = {
    get on() {
      return on;
    },
    get options() {
      return options;
    },
    start(next = {}) {
      options = {
        callEveryMs: checkedPeriod('callEveryMs', next.callEveryMs ?? LIVE_DEFAULTS.callEveryMs),
        seatPeriodMs: checkedPeriod('seatPeriodMs', next.seatPeriodMs ?? LIVE_DEFAULTS.seatPeriodMs),
      };
      on = true;
    },
    stop() {
      on = false;
    },
    setClock(ms) {
      if (ms !== null && !Number.isSafeInteger(ms)) throw new RangeError(`the live clock must be whole ms, not ${ms}`);
      frozenMs = ms;
    },
    nowMs: () => frozenMs ?? Date.now(),
    callCount: (atMs) => (on ? firstAfter(atMs, true) : 0),
    callSeconds,
    callRange(fromMs, toMs, atMs) {
      if (!on) return { first: 0, end: 0 };
      const first = firstAfter(fromMs, false);
      const end = Math.max(first, firstAfter(Math.min(toMs, atMs), true));
      return { first, end };
    },
    seatStatus(index, atMs) {
      if (!on || atMs < anchorMs) return null;
      const period = options.seatPeriodMs;
      const phase = hash32(seed, LIVE_STREAM, SEAT_PHASE, index) % period;
      const slot = Math.floor((atMs - anchorMs + phase) / period);
      return createRandom(seed, STREAM.seats, LIVE_STREAM, SEAT_STATUS, index, slot).weighted(LIVE_SEAT_STATUSES);
    },
  };
  if (initial) live.start(initial);
  return live;
}
