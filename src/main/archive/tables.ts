/**
 * Each list operation's archive table: its layout (from the record's field table),
 * the row identity, the row time of windowed lists and the snapshot scope.
 */
import {
  AXB_BINDING_SCHEMA,
  NUMBER_CALL_SCHEMA,
  NUMBER_SCHEMA,
  SEAT_SCHEMA,
  TASK_DETAIL_SCHEMA,
  TEAM_LEADER_SCHEMA,
  VOICE_RECORD_SCHEMA,
} from '../api/normalise/records';
import type { ListOperation, ListRows } from '../../shared/lists';
import type { Timestamp } from '../../shared/records';
import type { ArchiveTable } from './archive-store';
import { tableLayout } from './table-layout';

const epoch = (timestamp: Timestamp | null): number | null => timestamp?.epochMs ?? null;
const whole = (): string => '';
const untimed = (): null => null;
/** Rows without an id of their own are keyed by their place in the listing. */
const keyed =
  <R>(id: (record: R) => string | null) =>
  (record: R, position: number): string =>
    id(record) ?? `#${position}`;

type ArchiveTables = { [O in ListOperation]: ArchiveTable<ListRows[O]> };

const TABLES: ArchiveTables = {
  voiceRecords: {
    layout: tableLayout('voiceRecords', VOICE_RECORD_SCHEMA, ['extra']),
    keyOf: keyed((r) => r.voiceId),
    timeOf: (r) => epoch(r.submitTime) ?? epoch(r.callTime),
    scopeOf: whole,
  },
  numberRecords: {
    layout: tableLayout('numberRecords', NUMBER_CALL_SCHEMA, ['extra']),
    keyOf: keyed((r) => r.callid),
    timeOf: (r) => epoch(r.startTime),
    scopeOf: whole,
  },
  // A task's rows share the task id and may lack a call id: one snapshot per task, rows keyed by place.
  taskDetails: {
    layout: tableLayout('taskDetails', TASK_DETAIL_SCHEMA, ['variables', 'extra']),
    keyOf: (r, position) => `${r.keyId ?? ''}#${position}`,
    timeOf: untimed,
    scopeOf: (r) => r.keyId ?? '',
  },
  seats: {
    layout: tableLayout('seats', SEAT_SCHEMA, ['extra']),
    keyOf: keyed((r) => r.keyId),
    timeOf: untimed,
    scopeOf: whole,
  },
  teamLeaders: {
    layout: tableLayout('teamLeaders', TEAM_LEADER_SCHEMA, ['extra']),
    keyOf: keyed((r) => r.keyId),
    timeOf: untimed,
    scopeOf: whole,
  },
  numbers: {
    layout: tableLayout('numbers', NUMBER_SCHEMA, ['extra']),
    keyOf: keyed((r) => r.number),
    timeOf: untimed,
    scopeOf: whole,
  },
  axbBindings: {
    layout: tableLayout('axbBindings', AXB_BINDING_SCHEMA, ['extra']),
    keyOf: keyed((r) => r.bindId),
    timeOf: untimed,
    scopeOf: whole,
  },
};

export function archiveTableFor<O extends ListOperation>(operation: O): ArchiveTable<ListRows[O]> {
  return TABLES[operation];
}
