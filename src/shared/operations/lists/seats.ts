import { code, type Column, id, integer, labelsOf, phone, text, time } from '../../columns';
import { normaliseSeat, SEAT_SCHEMA } from '../../normalise';
import { DELETE_FLAG_LABELS, ENABLE_LABELS, SEAT_STATUS_LABELS } from '../../platform';
import { type SeatRecord, type SeatRow, withoutPassword } from '../../records';
import type { SeatParams } from '../../requests';
import { checkSeatParams } from '../../validation';
import type { ListDescriptor } from '../descriptor';
import { idValue, optionalCode, optionalText } from '../filter-values';

const columns: Column<SeatRow>[] = [
  id('keyId', 'Seat id', (r) => r.keyId),
  text('empNo', 'Employee no.', (r) => r.empNo),
  text('name', 'Name', (r) => r.name),
  text('petName', 'Nickname', (r) => r.petName),
  text('account', 'Account', (r) => r.account),
  code('status', 'Status', (r) => r.status, labelsOf(SEAT_STATUS_LABELS)),
  code('enable', 'Enabled', (r) => r.enable, labelsOf(ENABLE_LABELS)),
  text('groupName', 'Seat group', (r) => r.groupName),
  id('voiceGroupId', 'Seat group id', (r) => r.voiceGroupId),
  integer('priority', 'Priority', (r) => r.priority, false),
  phone('displayNum', 'Display number', (r) => r.displayNum),
  text('ccode', 'Country code', (r) => r.ccode, false),
  code('deleteFlag', 'Deleted', (r) => r.deleteFlag, labelsOf(DELETE_FLAG_LABELS), false),
  id('appId', 'App id', (r) => r.appId, false),
  text('appName', 'App name', (r) => r.appName, false),
  time('createTime', 'Created', (r) => r.createTime),
  time('updateTime', 'Updated', (r) => r.updateTime, false),
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
  blurb: 'Agents, their seat groups and their status.',
  endpoint: {
    id: 'seats',
    path: '/v3/cc/seat/query',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -20, -22, -23, -35],
    title: 'Seats',
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
