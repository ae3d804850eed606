import { createRandom, STREAM } from './prng';

export interface SandboxFaults {
  /** Added to every answer. */
  latencyMs: number;
  /** Up to this much more, uniformly. */
  jitterMs: number;
  /** Fraction of requests answered -18 (system error) without being processed. */
  errorRate: number;
  /** Accepted requests per API key in any 1-second window; beyond: -15. 0 = off. */
  rateLimitPerSecond: number;
  /** Fraction of requests answered -15 (rate limited) whatever the pace, as a platform under load does. */
  rateLimitRate: number;
  /** Fraction of requests whose socket is destroyed after processing, with no answer. */
  dropRate: number;
  /** Fraction answered HTTP 502 with an HTML page, as a gateway would, without processing. */
  html502Rate: number;
  /** Fraction processed and answered HTTP 200 with the JSON cut in half. */
  truncateRate: number;
  /** The server clock runs this far ahead (negative: behind); shifts -16 checks and the Date header. */
  clockOffsetSeconds: number;
}

export const NO_FAULTS: Readonly<SandboxFaults> = {
  latencyMs: 0,
  jitterMs: 0,
  errorRate: 0,
  rateLimitPerSecond: 0,
  rateLimitRate: 0,
  dropRate: 0,
  html502Rate: 0,
  truncateRate: 0,
  clockOffsetSeconds: 0,
};

const RATES = ['errorRate', 'rateLimitRate', 'dropRate', 'html502Rate', 'truncateRate'] as const;
const NON_NEGATIVE = ['latencyMs', 'jitterMs', 'rateLimitPerSecond'] as const;

/** What happens to one request. At most one of the failure modes is chosen. */
export interface FaultPlan {
  delayMs: number;
  outcome: 'normal' | 'systemError' | 'rateLimit' | 'html502' | 'drop' | 'truncate';
}

export interface FaultInjector {
  current(): SandboxFaults;
  set(patch: Partial<SandboxFaults>): void;
  plan(): FaultPlan;
}

export function validateFaults(faults: SandboxFaults): void {
  for (const key of RATES) {
    const value = faults[key];
    if (!(value >= 0 && value <= 1))
      throw new RangeError(`${key} must be a fraction from 0 to 1, not ${value}`);
  }
  for (const key of NON_NEGATIVE) {
    const value = faults[key];
    if (!(value >= 0 && Number.isFinite(value)))
      throw new RangeError(`${key} must be 0 or more, not ${value}`);
  }
  if (!Number.isFinite(faults.clockOffsetSeconds))
    throw new RangeError('clockOffsetSeconds must be a finite number');
}

/** Faults draw from their own seeded stream so they never disturb the data. */
export function createFaultInjector(
  seed: number,
  initial: Partial<SandboxFaults> | undefined,
): FaultInjector {
  const random = createRandom(seed, STREAM.faults);
  let faults: SandboxFaults = { ...NO_FAULTS, ...initial };
  validateFaults(faults);
  return {
    current: () => ({ ...faults }),
    set(patch) {
      const next = { ...faults, ...patch };
      validateFaults(next);
      faults = next;
    },
    plan() {
      const delayMs = faults.latencyMs + (faults.jitterMs > 0 ? random.next() * faults.jitterMs : 0);
      // One draw decides the outcome, the rates stacked end to end.
      let point = random.next();
      const stacked: readonly [FaultPlan['outcome'], number][] = [
        ['drop', faults.dropRate],
        ['html502', faults.html502Rate],
        ['truncate', faults.truncateRate],
        ['systemError', faults.errorRate],
        ['rateLimit', faults.rateLimitRate],
      ];
      for (const [outcome, rate] of stacked) {
        if (point < rate) return { delayMs, outcome };
        point -= rate;
      }
      return { delayMs, outcome: 'normal' };
    },
  };
}

/** Sliding 1-second windows per key; only admitted requests count. */
export function createRateLimiter(): { admit(key: string, limitPerSecond: number, nowMs: number): boolean } {
  const windows = new Map<string, number[]>();
  return {
    admit(key, limitPerSecond, nowMs) {
      if (limitPerSecond <= 0) return true;
      const recent = (windows.get(key) ?? []).filter((at) => nowMs - at < 1000);
      const admitted = recent.length < limitPerSecond;
      if (admitted) recent.push(nowMs);
      windows.set(key, recent);
      return admitted;
    },
  };
}
