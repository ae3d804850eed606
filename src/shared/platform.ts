/**
 * Facts of the platform's /v3 API (../shared/spec/platform-api.md and
 * platform-notes.md) that the client, the sandbox and the screens all rely on.
 * One place, so the simulator and the app can never disagree about a limit.
 */
import { m } from './i18n';
import type { EqualsFilter } from './list-query';
import * as p from './parse';
import type { Label } from './i18n/locale';
import { formatInstant, parseTimeZone, type TimeZone } from './time-zone';

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
  /** A list filter's text (a name, a remark, an app id): no spec limit, but a request is bounded before it is sent. */
  filterTextMaxChars: 200,
  /** A list filter's entries (seat ids, group ids, label names, statuses): no spec limit; a call centre's seats are fewer. */
  filterListMax: 1000,
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
/** Why a call has no status: told from CALL_STATUS_SINCE, in the zone the spec gives it in (named, as a profile's zone may differ). */
export const CALL_STATUS_MISSING: Label = (_inputs, options) =>
  m.lists_call_status_missing(
    { since: formatInstant(CALL_STATUS_SINCE.getTime(), parseTimeZone(PLATFORM_OFFSETLESS_ZONE) as TimeZone, 'minute'), zone: PLATFORM_OFFSETLESS_ZONE },
    options,
  );

/**
 * A table of code labels read in the language of the moment: each code's entry is a getter
 * over its message, so `TABLE[50]`, `Object.entries(TABLE)` and a label table built from it
 * (labelsOf) give the current language whenever they are read, never the one at import.
 */
export function labelTable<K extends number | string>(messages: Readonly<Record<K, Label>>): Readonly<Record<K, string>> {
  const table = {} as Record<K, string>;
  for (const [code, message] of Object.entries<Label>(messages)) {
    Object.defineProperty(table, code, { enumerable: true, get: () => message() });
  }
  return table;
}

export const CALL_STATUS_LABELS: Readonly<Record<number, string>> = labelTable({
  10: m.lists_call_status_10,
  20: m.lists_call_status_20,
  30: m.lists_call_status_30,
  40: m.lists_call_status_40,
  50: m.lists_call_status_50,
  60: m.lists_call_status_60,
});

export const TASK_ROW_STATUS_LABELS: Readonly<Record<number, string>> = labelTable({
  1: m.lists_task_status_1,
  5: m.lists_task_status_5,
  7: m.lists_task_status_7,
  9: m.lists_task_status_9,
});

export const SEAT_STATUS_LABELS: Readonly<Record<number, string>> = labelTable({
  1: m.lists_seat_status_1,
  2: m.lists_seat_status_2,
  3: m.lists_seat_status_3,
  4: m.lists_seat_status_4,
  5: m.lists_seat_status_5,
});

/** A seat status code's label in the language of the moment ("status 6" for a code without one); null: the seat has none. */
export function seatStatusText(status: number | null): string {
  if (status === null) return m.overview_no_status();
  return SEAT_STATUS_LABELS[status] ?? m.overview_bd_status_code({ code: String(status) });
}

/** What a seat (or a group's row) says of its group. */
export interface SeatGroupFields {
  voiceGroupId: string | null;
  groupName: string | null;
}

/** A seat's group id or name: blank text (empty, or spaces only: the platform's "none") is none. */
function groupText(text: string | null): string | null {
  return text === null || text.trim() === '' ? null : text;
}

/**
 * The seat group a seat is counted in, the same on the Overview, its workbook and the Live
 * board: the group's id when the seat has one (two groups may share a name), else its name;
 * `key` is "" for a seat in no group. Named by its name, else its id.
 */
export function seatGroupOf(seat: SeatGroupFields): { key: string; label: string } {
  const id = groupText(seat.voiceGroupId);
  const name = groupText(seat.groupName);
  return { key: id ?? name ?? '', label: name ?? (id === null ? m.overview_no_group() : m.overview_group_id({ id })) };
}

/**
 * One seat group as a list of groups said it: its id and name, and whether it was told
 * apart by its id there ("Sales (#10)"), so it can be said again in any language.
 */
export interface SeatGroupNamed extends SeatGroupFields {
  toldById: boolean;
}

/** The bridge's parser of a group said by a list (a drill-down's, which its export says again). */
export const seatGroupNamedShape: p.Parser<SeatGroupNamed> = p.object({
  voiceGroupId: p.nullable(p.string),
  groupName: p.nullable(p.string),
  toldById: p.boolean,
});

/** The seats of one group (seatGroupOf's rule) as a list's filters: its id, else no id and its name. */
export function seatGroupEquals(group: SeatGroupFields): EqualsFilter[] {
  const id = groupText(group.voiceGroupId);
  if (id !== null) return [{ field: 'voiceGroupId', value: id }];
  return [
    { field: 'voiceGroupId', value: null },
    { field: 'groupName', value: groupText(group.groupName) },
  ];
}

/** A group as its list said it (seatGroupsNamed), in the language of the moment. */
export function seatGroupText(group: SeatGroupNamed): string {
  const id = groupText(group.voiceGroupId);
  const name = groupText(group.groupName);
  return group.toldById && id !== null && name !== null ? m.overview_group_named_id({ name, id }) : seatGroupOf(group).label;
}

/**
 * Seat groups listed together (seatGroupOf's), told apart: two groups sharing a name are each
 * said with their id ("Sales (#10)", "Sales (#11)"). Every list of groups (the Overview, its
 * charts and workbook, the Live board) is told by this one rule.
 */
export function seatGroupsNamed(groups: readonly SeatGroupFields[]): SeatGroupNamed[] {
  const found = groups.map(seatGroupOf);
  const keysOf = new Map<string, Set<string>>();
  for (const { key, label } of found) keysOf.set(label, (keysOf.get(label) ?? new Set<string>()).add(key));
  return groups.map(({ voiceGroupId, groupName }, index) => {
    // Said with its id when another group of the list has its name, and it has both to say.
    const shared = (keysOf.get(found[index].label)?.size ?? 0) > 1;
    return { voiceGroupId, groupName, toldById: shared && groupText(voiceGroupId) !== null && groupText(groupName) !== null };
  });
}

/** The labels of seat groups listed together (seatGroupsNamed), in the language of the moment. */
export function seatGroupLabels(groups: readonly SeatGroupFields[]): string[] {
  return seatGroupsNamed(groups).map(seatGroupText);
}

/** Groups listed together with seatGroupLabels' labels. */
export function withSeatGroupLabels<G extends SeatGroupFields & { label: string }>(groups: readonly G[]): G[] {
  const labels = seatGroupLabels(groups);
  return groups.map((group, index) => ({ ...group, label: labels[index] }));
}

export const NUMBER_STATE_LABELS: Readonly<Record<number, string>> = labelTable({
  3: m.lists_number_state_3,
  4: m.lists_number_state_4,
  5: m.lists_number_state_5,
});

export const ENABLE_LABELS: Readonly<Record<number, string>> = labelTable({ 0: m.lists_enable_0, 1: m.lists_enable_1 });
export const DELETE_FLAG_LABELS: Readonly<Record<number, string>> = labelTable({ 0: m.lists_delete_flag_0, 1: m.lists_delete_flag_1 });
export const VOICEMAIL_LABELS: Readonly<Record<number, string>> = labelTable({ 0: m.lists_switch_off, 1: m.lists_switch_on });
/** displaySwitch and encryptNumber: 0 means on. */
export const SWITCH_NAMES: Readonly<Record<number, Label>> = { 0: m.lists_switch_on, 1: m.lists_switch_off };
export const SWITCH_LABELS: Readonly<Record<number, string>> = labelTable(SWITCH_NAMES);
/** A yes/no flag (autoRenew): 1 means yes. */
export const YES_NO_LABELS: Readonly<Record<number, string>> = labelTable({ 0: m.lists_no, 1: m.lists_yes });

/** The inbound strategies' names by code. */
export const CALLIN_STRATEGY_NAMES: Readonly<Record<number, Label>> = {
  1: m.lists_callin_strategy_1,
  2: m.lists_callin_strategy_2,
  3: m.lists_callin_strategy_3,
  4: m.lists_callin_strategy_4,
};
export const CALLIN_STRATEGY_LABELS: Readonly<Record<number, string>> = labelTable(CALLIN_STRATEGY_NAMES);

export const FS_NODES = ['SG_FS', 'USA_FS', 'UAE_FS'] as const;
export type FsNode = (typeof FS_NODES)[number];
export const FS_NODE_NAMES: Readonly<Record<FsNode, Label>> = {
  SG_FS: m.lists_fs_node_sg,
  USA_FS: m.lists_fs_node_usa,
  UAE_FS: m.lists_fs_node_uae,
};
export const FS_NODE_LABELS: Readonly<Record<FsNode, string>> = labelTable(FS_NODE_NAMES);

export const MMS_TYPES = ['1', '2'] as const;

/** What comes before the key in a key-pressed label ("key " of "key 5"), in the language of the moment. */
export function feedbackKeyPrefix(): string {
  return m.lists_feedback_key_prefix();
}

export function feedbackLabel(value: string): string {
  return value === '-1' ? m.lists_feedback_none() : `${feedbackKeyPrefix()}${value}`;
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
