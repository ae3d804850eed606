import { m } from '../../i18n';
import { type Column, decimal, id, labelsOf, code, phone, text } from '../../columns';
import { normaliseTaskDetail, TASK_DETAIL_SCHEMA } from '../../normalise';
import { TASK_ROW_STATUS_LABELS } from '../../platform';
import type { TaskDetailRecord, TaskVariableName } from '../../records';
import type { TaskDetailParams } from '../../requests';
import { checkTaskParams } from '../../validation';
import type { ListDescriptor } from '../descriptor';
import { idValue, optionalText } from '../filter-values';

const TASK_VARIABLES = Array.from(
  { length: 20 },
  (_, i) => `var${String(i + 1).padStart(2, '0')}` as TaskVariableName,
);

const columns: Column<TaskDetailRecord>[] = [
  id('keyId', m.lists_task_key_id, (r) => r.keyId),
  phone('called', m.lists_task_called, (r) => r.called),
  phone('encryptCalled', m.lists_task_encrypt_called, (r) => r.encryptCalled, false),
  code('status', m.lists_task_status, (r) => r.status, labelsOf(TASK_ROW_STATUS_LABELS)),
  text('seatName', m.lists_task_seat_name, (r) => r.seatName),
  text('sipGroupName', m.lists_task_sip_group_name, (r) => r.sipGroupName),
  text('labelName', m.lists_task_label_name, (r) => r.labelName),
  text('remark', m.lists_task_remark, (r) => r.remark),
  id('callId', m.lists_task_call_id, (r) => r.callId),
  text('errorReason', m.lists_task_error_reason, (r) => r.errorReason),
  decimal('callCount', m.lists_task_call_count, (r) => r.callCount),
  text('calledInfo', m.lists_task_called_info, (r) => r.calledInfo, false),
  ...TASK_VARIABLES.map((name, index) =>
    text<TaskDetailRecord>(name, () => name, (r) => r.variables[name] ?? null, index < 3),
  ),
];

export interface TaskDraft {
  taskId: string;
  called: string;
  sipGroupId: string;
  seatIds: string[];
  labelNames: string[];
  remark: string;
  statusList: number[];
}

export const taskDetails: ListDescriptor<TaskDetailParams, TaskDetailRecord, TaskDetailRecord, TaskDraft> = {
  id: 'taskDetails',
  slug: 'task-details',
  order: 20,
  group: 'Records',
  shortcut: '2',
  blurb: m.lists_task_blurb,
  endpoint: {
    id: 'taskDetails',
    path: '/v3/cc/preview/queryTaskDetail',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -20, -22, -23],
    title: m.lists_task_title,
  },
  paramKinds: {
    taskId: 'integer',
    called: 'text',
    sipGroupId: 'integer',
    seatId: 'integers',
    labelNames: 'texts',
    remark: 'text',
    statusList: 'integers',
  },
  window: null,
  pageDefaults: null,
  checkParams: checkTaskParams,
  normalise: normaliseTaskDetail,
  fields: TASK_DETAIL_SCHEMA,
  jsonFields: ['variables', 'extra'],
  // var01..var20 are shown as columns of their own: the archive reads each from `variables`.
  jsonColumns: Object.fromEntries(TASK_VARIABLES.map((name) => [name, { field: 'variables', key: name }])),
  snapshotScope: (row) => row.keyId ?? '',
  sync: { param: 'taskId', noun: 'task' },
  toRow: (record) => record,
  columns,
  // Rows of one task share their task id and may lack a call id: there is no row id.
  rowId: () => null,
  rowTime: null,
  filter: {
    defaults: () => ({
      taskId: '',
      called: '',
      sipGroupId: '',
      seatIds: [],
      labelNames: [],
      remark: '',
      statusList: [],
    }),
    toParams(draft) {
      const params: TaskDetailParams = { taskId: idValue(draft.taskId) ?? '' };
      const called = optionalText(draft.called);
      if (called) params.called = called;
      const group = idValue(draft.sipGroupId);
      if (group !== undefined) params.sipGroupId = group;
      if (draft.seatIds.length > 0) params.seatId = draft.seatIds.map((seat) => idValue(seat) ?? seat);
      if (draft.labelNames.length > 0) params.labelNames = [...draft.labelNames];
      const remark = optionalText(draft.remark);
      if (remark) params.remark = remark;
      if (draft.statusList.length > 0) params.statusList = [...draft.statusList];
      return { params, errors: {} };
    },
    ready: (draft) => draft.taskId.trim() !== '',
  },
};
