/**
 * The seven list operations and the row type each one shows. Rows are the
 * normalised records minus anything the renderer must never see (passwords).
 */
import type {
  AxbBindingRecord,
  NumberCallRecord,
  NumberRecord,
  SeatRecord,
  TaskDetailRecord,
  TeamLeaderRecord,
  VoiceRecord,
} from './records';
import type {
  AxbBindingsRequest,
  NumberRecordsRequest,
  NumbersRequest,
  SeatsRequest,
  TaskDetailsRequest,
  TeamLeadersRequest,
  VoiceRecordsRequest,
} from './requests';

export const LIST_OPERATIONS = [
  'voiceRecords',
  'taskDetails',
  'numberRecords',
  'seats',
  'teamLeaders',
  'numbers',
  'axbBindings',
] as const;

export type ListOperation = (typeof LIST_OPERATIONS)[number];

export interface ListRows {
  voiceRecords: VoiceRecord;
  taskDetails: TaskDetailRecord;
  numberRecords: NumberCallRecord;
  seats: Omit<SeatRecord, 'password'>;
  teamLeaders: Omit<TeamLeaderRecord, 'password'>;
  numbers: NumberRecord;
  axbBindings: AxbBindingRecord;
}

export interface ListParams {
  voiceRecords: VoiceRecordsRequest['params'];
  taskDetails: TaskDetailsRequest['params'];
  numberRecords: NumberRecordsRequest['params'];
  seats: SeatsRequest['params'];
  teamLeaders: TeamLeadersRequest['params'];
  numbers: NumbersRequest['params'];
  axbBindings: AxbBindingsRequest['params'];
}

export type RowOf<O extends ListOperation> = ListRows[O];

/** The field that identifies a row (used for drift detection and selection). */
export const ROW_ID_FIELD: { [O in ListOperation]: keyof ListRows[O] & string } = {
  voiceRecords: 'voiceId',
  taskDetails: 'callId',
  numberRecords: 'callid',
  seats: 'keyId',
  teamLeaders: 'keyId',
  numbers: 'number',
  axbBindings: 'bindId',
};

/** Operations whose params carry a strTime/endTime record window (ISO 8601 with offset). */
export const WINDOWED_OPERATIONS: readonly ListOperation[] = ['voiceRecords', 'numberRecords'];

export function isListOperation(value: string): value is ListOperation {
  return (LIST_OPERATIONS as readonly string[]).includes(value);
}
