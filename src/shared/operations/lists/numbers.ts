import { m } from '../../i18n';
import { code, type Column, date, duration, id, labelsOf, phone, text } from '../../columns';
import { normaliseNumber, NUMBER_SCHEMA } from '../../normalise';
import { NUMBER_STATE_LABELS, VOICEMAIL_LABELS, YES_NO_LABELS } from '../../platform';
import type { NumberRecord } from '../../records';
import type { AppFilterParams } from '../../requests';
import { checkAppParams } from '../../validation';
import type { ListDescriptor } from '../descriptor';
import { appForm, type AppDraft } from '../filter-values';

const columns: Column<NumberRecord>[] = [
  phone('number', m.lists_numbers_number, (r) => r.number),
  text('country', m.lists_numbers_country, (r) => r.country),
  text('ccode', m.lists_numbers_ccode, (r) => r.ccode, false),
  text('type', m.lists_numbers_type, (r) => r.type),
  code('state', m.lists_numbers_state, (r) => r.state, labelsOf(NUMBER_STATE_LABELS)),
  date('dueDate', m.lists_numbers_due_date, (r) => r.dueDate),
  id('appId', m.lists_numbers_app_id, (r) => r.appId),
  code('enableVoicemail', m.lists_numbers_enable_voicemail, (r) => r.enableVoicemail, labelsOf(VOICEMAIL_LABELS)),
  text('voicemailFileName', m.lists_numbers_voicemail_file_name, (r) => r.voicemailFileName),
  id('voicemailFileId', m.lists_numbers_voicemail_file_id, (r) => r.voicemailFileId, false),
  duration('voicemailMaxHangup', m.lists_numbers_voicemail_max_hangup, (r) => r.voicemailMaxHangup, false),
  code(
    'autoRenew',
    m.lists_numbers_auto_renew,
    (r) => r.autoRenew,
    labelsOf(YES_NO_LABELS),
    false,
  ),
  text('inboundPrefix', m.lists_numbers_inbound_prefix, (r) => r.inboundPrefix, false),
  text('outIp', m.lists_numbers_out_ip, (r) => r.outIp, false),
  text('inIp', m.lists_numbers_in_ip, (r) => r.inIp, false),
  text('remark', m.lists_numbers_remark, (r) => r.remark),
];

export const numbers: ListDescriptor<AppFilterParams, NumberRecord, NumberRecord, AppDraft> = {
  id: 'numbers',
  slug: 'numbers',
  order: 60,
  group: 'Numbers',
  shortcut: '7',
  blurb: m.lists_numbers_blurb,
  endpoint: {
    id: 'numbers',
    path: '/v3/number/queryPage',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -22, -25, -29, -30, -31],
    title: m.lists_numbers_title,
  },
  paramKinds: { appId: 'text' },
  window: null,
  pageDefaults: null,
  checkParams: checkAppParams,
  normalise: normaliseNumber,
  fields: NUMBER_SCHEMA,
  jsonFields: ['extra'],
  snapshotScope: () => '',
  sync: 'always',
  toRow: (record) => record,
  columns,
  rowId: (row) => row.number,
  rowTime: null,
  filter: appForm(m.lists_numbers_app_hint),
};
