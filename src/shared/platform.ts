/**
 * Facts of the platform's /v3 API (../shared/spec/platform-api.md and
 * platform-notes.md) that the client, the sandbox and the screens all rely on.
 * One place, so the simulator and the app can never disagree about a limit.
 */
import { m } from './i18n';
import type { Label } from './i18n/locale';

/** The operations that are not lists (the seven lists are described in ./operations). */
export type OperationId = 'seatGroupRead' | 'seatGroupEdit' | 'mmsSend';

/** One endpoint of the platform, as the caller signs and sends it. */
export interface OperationInfo {
  /** The name logs and retry notices use (`voiceRecords`, `mmsSend`). */
  id: string;
  path: string;
  method: 'GET' | 'POST';
  /** Writes are never retried automatically. */
  write: boolean;
  /** Status codes the spec documents for this operation (besides 0). */
  errors: readonly number[];
  /** The operation's name in words, read as `title()` when shown. */
  title: Label;
}

const COMMON_ERRORS = [-1, -2, -16, -18, -20, -22, -23, -25, -29, -30, -31] as const;

export const OPERATIONS: Readonly<Record<OperationId, OperationInfo>> = {
  seatGroupRead: {
    id: 'seatGroupRead',
    path: '/v3/cc/seatGroup/basicSettingResp',
    method: 'GET',
    write: false,
    errors: [-1, -2, -16, -18, -20, -22, -23, -63],
    title: m.lists_op_seat_group_read,
  },
  seatGroupEdit: {
    id: 'seatGroupEdit',
    path: '/v3/cc/seatGroup/basicSetting',
    method: 'POST',
    write: true,
    errors: [-1, -2, -16, -18, -20, -22, -23, -63, -71, -72],
    title: m.lists_op_seat_group_edit,
  },
  mmsSend: {
    id: 'mmsSend',
    path: '/v3/mmsSend',
    method: 'POST',
    write: true,
    errors: COMMON_ERRORS,
    title: m.lists_op_mms_send,
  },
};

/** The platform's status codes and what the spec says they mean (-15 from platform-notes). */
export const STATUS_MEANINGS: Readonly<Record<number, string>> = {
  0: 'success',
  [-1]: 'account authentication error',
  [-2]: 'IP restricted',
  [-15]: 'query too frequently',
  [-16]: 'timestamp expired',
  [-18]: 'system error',
  [-20]: 'data already exists',
  [-22]: 'parameter error',
  [-23]: 'data upper limit reached',
  [-25]: 'time range exceeded',
  [-29]: 'workspace disabled',
  [-30]: 'API key disabled',
  [-31]: 'IP not on the whitelist',
  [-35]: 'search interval greater than 32 days',
  [-63]: 'workspace mismatch',
  [-71]: 'no more labels can be created; label names must be unique',
  [-72]: 'a label name is required, within 20 characters',
};

/**
 * On a write (an MMS send), the statuses that prove the platform refused the request
 * before doing anything: authentication, IP, clock, parameters, a disabled workspace or
 * key, rate limiting. Only these make a batch sendable again without the user's
 * acknowledgement; -18 (system error) and any other status may have been applied.
 */
export const DEFINITE_WRITE_REFUSALS: ReadonlySet<number> = new Set([-1, -2, -15, -16, -22, -29, -30, -31]);

export const LIMITS = {
  pageSizeMin: 1,
  pageSizeMax: 100,
  voiceDefaultPageSize: 25,
  /** strTime to endTime, voice and number records. */
  recordWindowMaxDays: 31,
  /** Only voice records from the last two calendar months are queryable (the spec says so for voice only). */
  historyMonths: 2,
  /** Seat list search interval (error -35). */
  seatSearchMaxDays: 32,
  mmsMaxRecipients: 1000,
  mmsMaxContentChars: 1024,
  mmsMaxTitleChars: 80,
  mmsMaxFiles: 3,
  mmsMaxFileKb: 50,
  labelsMax: 10,
  labelMaxChars: 20,
  calledInfoMaxChars: 1000,
  /** Timestamp tolerance against the server's clock (status -16 beyond it). */
  clockToleranceSeconds: 30 * 60,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysToMs(days: number): number {
  return days * DAY_MS;
}

/**
 * The earliest instant a record query may start at: the same moment two calendar
 * months before `now` (UTC calendar; day clamped to the month's length).
 */
export function earliestQueryableTime(now: Date): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - LIMITS.historyMonths;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(now.getUTCDate(), lastDay),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
}

/**
 * Voice records submitted before this instant have no callStatus (the spec: "null for
 * data before 2025-12-10 10:00"; read in the platform's +08:00).
 */
export const CALL_STATUS_SINCE = new Date('2025-12-10T10:00:00+08:00');
export const CALL_STATUS_MISSING: Label = m.lists_call_status_missing;

export const CALL_STATUS_LABELS: Readonly<Record<number, string>> = {
  10: 'not connected (busy)',
  20: 'not connected (no answer)',
  30: 'not connected (other)',
  40: 'voicemail',
  50: 'connected',
  60: 'other',
};

export const TASK_ROW_STATUS_LABELS: Readonly<Record<number, string>> = {
  1: 'calling',
  5: 'not yet called',
  7: 'call error',
  9: 'called',
};

export const SEAT_STATUS_LABELS: Readonly<Record<number, string>> = {
  1: 'offline',
  2: 'idle',
  3: 'busy',
  4: 'after-call wrap-up',
  5: 'short break',
};

export const NUMBER_STATE_LABELS: Readonly<Record<number, string>> = {
  3: 'in use',
  4: 'expired',
  5: 'disabled',
};

export const ENABLE_LABELS: Readonly<Record<number, string>> = { 0: 'enabled', 1: 'disabled' };
export const DELETE_FLAG_LABELS: Readonly<Record<number, string>> = { 0: 'not deleted', 1: 'deleted' };
export const VOICEMAIL_LABELS: Readonly<Record<number, string>> = { 0: 'off', 1: 'on' };
/** displaySwitch and encryptNumber: 0 means on. */
export const SWITCH_LABELS: Readonly<Record<number, string>> = { 0: 'on', 1: 'off' };

export const CALLIN_STRATEGY_LABELS: Readonly<Record<number, string>> = {
  1: 'allocate by idle time',
  2: 'allocate by number of accepted calls',
  3: 'allocate by seat priority',
  4: 'round-robin',
};

export const FS_NODES = ['SG_FS', 'USA_FS', 'UAE_FS'] as const;
export type FsNode = (typeof FS_NODES)[number];
export const FS_NODE_LABELS: Readonly<Record<FsNode, string>> = {
  SG_FS: 'Singapore',
  USA_FS: 'United States',
  UAE_FS: 'United Arab Emirates',
};

export const MMS_TYPES = ['1', '2'] as const;

export function feedbackLabel(value: string): string {
  return value === '-1' ? 'no key' : `key ${value}`;
}

/**
 * The zone the platform writes its offset-less times (`YYYY-MM-DD HH:MM:SS`) in: nothing
 * documents it, and every sample uses +08:00. The sandbox serves the same.
 */
export const PLATFORM_OFFSETLESS_ZONE = '+08:00';

export interface BrandPreset {
  id: string;
  name: string;
  baseUrl: string;
  /** What a new profile for this brand reads offset-less times in, until the user changes it. */
  timeZone: string;
}

export const BRAND_PRESETS: readonly BrandPreset[] = [
  { id: 'buka', name: 'Buka', baseUrl: 'https://api.onbuka.com', timeZone: PLATFORM_OFFSETLESS_ZONE },
  { id: 'itnio', name: 'ITNIO TECH', baseUrl: 'https://api.itniotech.com', timeZone: PLATFORM_OFFSETLESS_ZONE },
  { id: 'laaffic', name: 'Laaffic', baseUrl: 'https://api.laaffic.com', timeZone: PLATFORM_OFFSETLESS_ZONE },
];
