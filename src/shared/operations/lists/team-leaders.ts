import { m } from '../../i18n';
import { code, type Column, id, labelsOf, list, text, time } from '../../columns';
import { normaliseTeamLeader, TEAM_LEADER_SCHEMA } from '../../normalise';
import { ENABLE_LABELS } from '../../platform';
import { type TeamLeaderRecord, type TeamLeaderRow, withoutPassword } from '../../records';
import type { TeamLeaderParams } from '../../requests';
import { checkLeaderParams } from '../../validation';
import type { ListDescriptor } from '../descriptor';
import { idValue, optionalCode, optionalText } from '../filter-values';

const columns: Column<TeamLeaderRow>[] = [
  id('keyId', m.lists_leaders_key_id, (r) => r.keyId),
  text('empNo', m.lists_leaders_emp_no, (r) => r.empNo),
  text('name', m.lists_leaders_name, (r) => r.name),
  text('petName', m.lists_leaders_pet_name, (r) => r.petName),
  text('account', m.lists_leaders_account, (r) => r.account),
  code('enable', m.lists_leaders_enable, (r) => r.enable, labelsOf(ENABLE_LABELS)),
  list('voiceGroupNameList', m.lists_leaders_voice_group_name_list, (r) => r.voiceGroupNameList),
  list('voiceGroupIdList', m.lists_leaders_voice_group_id_list, (r) => r.voiceGroupIdList, false),
  id('customerId', m.lists_leaders_customer_id, (r) => r.customerId, false),
  text('customerName', m.lists_leaders_customer_name, (r) => r.customerName, false),
  time('createTime', m.lists_leaders_create_time, (r) => r.createTime),
  time('updateTime', m.lists_leaders_update_time, (r) => r.updateTime, false),
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
  blurb: m.lists_leaders_blurb,
  endpoint: {
    id: 'teamLeaders',
    path: '/v3/cc/teamleader/query',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -20, -22, -23],
    title: m.lists_leaders_title,
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
