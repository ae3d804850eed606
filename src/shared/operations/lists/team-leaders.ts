import { code, type Column, id, labelsOf, list, text, time } from '../../columns';
import { normaliseTeamLeader, TEAM_LEADER_SCHEMA } from '../../normalise';
import { ENABLE_LABELS } from '../../platform';
import { type TeamLeaderRecord, type TeamLeaderRow, withoutPassword } from '../../records';
import type { TeamLeaderParams } from '../../requests';
import { checkLeaderParams } from '../../validation';
import type { ListDescriptor } from '../descriptor';
import { idValue, optionalCode, optionalText } from '../filter-values';

const columns: Column<TeamLeaderRow>[] = [
  id('keyId', 'Leader id', (r) => r.keyId),
  text('empNo', 'Employee no.', (r) => r.empNo),
  text('name', 'Name', (r) => r.name),
  text('petName', 'Nickname', (r) => r.petName),
  text('account', 'Account', (r) => r.account),
  code('enable', 'Enabled', (r) => r.enable, labelsOf(ENABLE_LABELS)),
  list('voiceGroupNameList', 'Seat groups', (r) => r.voiceGroupNameList),
  list('voiceGroupIdList', 'Seat group ids', (r) => r.voiceGroupIdList, false),
  id('customerId', 'Customer id', (r) => r.customerId, false),
  text('customerName', 'Customer', (r) => r.customerName, false),
  time('createTime', 'Created', (r) => r.createTime),
  time('updateTime', 'Updated', (r) => r.updateTime, false),
];

export interface LeaderDraft {
  enable: string;
  name: string;
  voiceGroupIds: string[];
}

export const teamLeaders: ListDescriptor<TeamLeaderParams, TeamLeaderRecord, TeamLeaderRow, LeaderDraft> = {
  id: 'teamLeaders',
  slug: 'team-leaders',
  order: 50,
  group: 'Call centre',
  shortcut: '5',
  blurb: 'Team leaders and the seat groups they lead.',
  endpoint: {
    id: 'teamLeaders',
    path: '/v3/cc/teamleader/query',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -20, -22, -23],
    title: 'Team leaders',
  },
  paramKinds: { enable: 'integer', name: 'text', voiceGroupIdList: 'integers' },
  window: null,
  pageDefaults: null,
  checkParams: checkLeaderParams,
  normalise: normaliseTeamLeader,
  fields: TEAM_LEADER_SCHEMA,
  jsonFields: ['extra'],
  snapshotScope: () => '',
  sync: 'always',
  toRow: withoutPassword,
  columns,
  rowId: (row) => row.keyId,
  rowTime: null,
  filter: {
    defaults: () => ({ enable: '', name: '', voiceGroupIds: [] }),
    toParams(draft) {
      const params: TeamLeaderParams = {};
      const enable = optionalCode(draft.enable);
      if (enable !== undefined) params.enable = enable;
      const name = optionalText(draft.name);
      if (name) params.name = name;
      if (draft.voiceGroupIds.length > 0)
        params.voiceGroupIdList = draft.voiceGroupIds.map((group) => idValue(group) ?? group);
      return { params, errors: {} };
    },
    ready: () => true,
  },
};
