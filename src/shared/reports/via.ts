/**
 * Values a voice record does not carry, found through other archived lists: its seat (the
 * task-detail row whose callId is the record's voiceId, compared as text) and its team
 * leaders (the leaders of that row's seat group, by the group's name in their
 * voiceGroupNameList, or by its id in their voiceGroupIdList, the seats telling a group
 * name's id). Declared once here; the archive's SQL for grouping by them (the Overview)
 * and for listing one value's rows (a drill-down) is generated from these in
 * src/main/archive/via-sql.ts.
 */
import { m } from '../i18n';
import type { Label } from '../i18n/locale';
import type { ListOperation } from '../operations';
import * as p from '../parse';

export const VIA_NAMES = ['seat', 'teamLeader'] as const;
export type ViaName = (typeof VIA_NAMES)[number];

/** The rows of one value found through a via; null: the rows without one ("No seat"). */
export interface ViaFilter {
  name: ViaName;
  value: string | null;
}

/** A list's field matched (as text) with a value, and the field read there. */
export interface ViaStep {
  readonly operation: ListOperation;
  readonly key: string;
  readonly field: string;
}

/** The rows of a list whose text-list field holds a value (a value may have several such rows). */
export interface ViaLeaders {
  readonly operation: ListOperation;
  /** The text-list fields holding the group's name, and its id. */
  readonly names: string;
  readonly ids: string;
  /** What the value is: the first of these fields with text in it (blank text is none). */
  readonly fields: readonly string[];
  /** Where a group name's id is found: a list with both. */
  readonly idOf: { readonly operation: ListOperation; readonly name: string; readonly id: string };
}

export interface Via {
  readonly name: ViaName;
  /** What the chip and the About sheet call it ("Seat"). */
  readonly label: Label;
  /** The records it applies to, and their field it starts from. */
  readonly operation: ListOperation;
  readonly on: string;
  /** The row found for a record; one per record (a call id found twice takes the first value). */
  readonly through: ViaStep;
  /** Then the rows leading that value, when the via goes one step further; a record may have several. */
  readonly leaders?: ViaLeaders;
}

/** A team leader is said by its name, else its employee number, else its id: on the Overview and the Live board alike. */
const LEADER_NAMED_BY = ['name', 'empNo', 'keyId'] as const;

/** A team leader's label as the Overview's team-leader rows say it (null: it has none of the three). */
export function teamLeaderLabel(leader: Readonly<Record<(typeof LEADER_NAMED_BY)[number], string | null>>): string | null {
  for (const field of LEADER_NAMED_BY) {
    const value = leader[field];
    if (value !== null && value.trim() !== '') return value;
  }
  return null;
}

const TASK_ROW = { operation: 'taskDetails', key: 'callId' } as const;

export const SEAT_VIA: Via = {
  name: 'seat',
  label: m.overview_bd_seat_header,
  operation: 'voiceRecords',
  on: 'voiceId',
  through: { ...TASK_ROW, field: 'seatName' },
};

export const TEAM_LEADER_VIA: Via = {
  name: 'teamLeader',
  label: m.overview_bd_leader_header,
  operation: 'voiceRecords',
  on: 'voiceId',
  through: { ...TASK_ROW, field: 'sipGroupName' },
  leaders: {
    operation: 'teamLeaders',
    names: 'voiceGroupNameList',
    ids: 'voiceGroupIdList',
    fields: LEADER_NAMED_BY,
    idOf: { operation: 'seats', name: 'groupName', id: 'voiceGroupId' },
  },
};

const VIAS: Readonly<Record<ViaName, Via>> = { seat: SEAT_VIA, teamLeader: TEAM_LEADER_VIA };

export function viaNamed(name: ViaName): Via {
  return VIAS[name];
}

/** The bridge's parser of a request's via filter (its length is bounded in main with the other filters). */
export const viaFilterShape: p.Parser<ViaFilter> = p.object({ name: p.oneOf(VIA_NAMES), value: p.nullable(p.string) }) as p.Parser<ViaFilter>;
