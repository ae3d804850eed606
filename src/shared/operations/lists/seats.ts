import { m } from '../../i18n';
import { code, type Column, id, integer, labelsOf, phone, text, time } from '../../columns';
import { normaliseSeat, SEAT_SCHEMA } from '../../normalise';
import { DELETE_FLAG_LABELS, ENABLE_LABELS, SEAT_STATUS_LABELS } from '../../platform';
import { type SeatRecord, type SeatRow, withoutPassword } from '../../records';
import type { SeatParams } from '../../requests';
import { checkSeatParams } from '../../validation';
import type { ListDescriptor } from '../descriptor';
import { idValue, optionalCode, optionalText } from '../filter-values';

const columns: Column<SeatRow>[] = [
  id('keyId', m.lists_seats_key_id, (r) => r.keyId),
  text('empNo', m.lists_seats_emp_no, (r) => r.empNo),
  text('name', m.lists_seats_name, (r) => r.name),
  text('petName', m.lists_seats_pet_name, (r) => r.petName),
  text('account', m.lists_seats_account, (r) => r.account),
  code('status', m.lists_seats_status, (r) => r.status, labelsOf(SEAT_STATUS_LABELS)),
  code('enable', m.lists_seats_enable, (r) => r.enable, labelsOf(ENABLE_LABELS)),
  text('groupName', m.lists_seats_group_name, (r) => r.groupName),
  id('voiceGroupId', m.lists_seats_voice_group_id, (r) => r.voiceGroupId),
  integer('priority', m.lists_seats_priority, (r) => r.priority, false),
  phone('displayNum', m.lists_seats_display_num, (r) => r.displayNum),
  text('ccode', m.lists_seats_ccode, (r) => r.ccode, false),
  code('deleteFlag', m.lists_seats_delete_flag, (r) => r.deleteFlag, labelsOf(DELETE_FLAG_LABELS), false),
  id('appId', m.lists_seats_app_id, (r) => r.appId, false),
  text('appName', m.lists_seats_app_name, (r) => r.appName, false),
  time('createTime', m.lists_seats_create_time, (r) => r.createTime),
  time('updateTime', m.lists_seats_update_time, (r) => r.updateTime, false),
];

export interface SeatDraft {
  enable: string;
  name: string;
  voiceGroupId: string;
  status: string;
}

export const seats: ListDescriptor<SeatParams, SeatRecord, SeatRow, SeatDraft> = {
  id: 'seats',
  slug: 'seats',
  order: 40,
  group: 'Call centre',
  shortcut: '4',
  blurb: m.lists_seats_blurb,
  endpoint: {
    id: 'seats',
    path: '/v3/cc/seat/query',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -20, -22, -23, -35],
    title: m.lists_seats_title,
  },
  // The spec's seat query has no time filter: none is offered, so none can be silently ignored.
  paramKinds: { enable: 'integer', name: 'text', voiceGroupId: 'integer', status: 'integer' },
  window: null,
  pageDefaults: null,
  checkParams: checkSeatParams,
  normalise: normaliseSeat,
  fields: SEAT_SCHEMA,
  jsonFields: ['extra'],
  snapshotScope: () => '',
  sync: 'always',
  toRow: withoutPassword,
  columns,
  rowId: (row) => row.keyId,
  rowTime: null,
  filter: {
    defaults: () => ({ enable: '', name: '', voiceGroupId: '', status: '' }),
    toParams(draft) {
      const params: SeatParams = {};
      const enable = optionalCode(draft.enable);
      if (enable !== undefined) params.enable = enable;
      const name = optionalText(draft.name);
      if (name) params.name = name;
      const group = idValue(draft.voiceGroupId);
      if (group !== undefined) params.voiceGroupId = group;
      const status = optionalCode(draft.status);
      if (status !== undefined) params.status = status;
      return { params, errors: {} };
    },
    ready: () => true,
  },
};
