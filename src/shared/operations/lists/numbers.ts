import { code, type Column, date, duration, id, labelsOf, phone, text } from '../../columns';
import { normaliseNumber, NUMBER_SCHEMA } from '../../normalise';
import { NUMBER_STATE_LABELS, VOICEMAIL_LABELS } from '../../platform';
import type { NumberRecord } from '../../records';
import type { AppFilterParams } from '../../requests';
import { checkAppParams } from '../../validation';
import type { ListDescriptor } from '../descriptor';
import { appForm, type AppDraft } from '../filter-values';

const columns: Column<NumberRecord>[] = [
  phone('number', 'Number', (r) => r.number),
  text('country', 'Country', (r) => r.country),
  text('ccode', 'Country code', (r) => r.ccode, false),
  text('type', 'Type', (r) => r.type),
  code('state', 'State', (r) => r.state, labelsOf(NUMBER_STATE_LABELS)),
  date('dueDate', 'Expires', (r) => r.dueDate),
  id('appId', 'App id', (r) => r.appId),
  code('enableVoicemail', 'Voicemail', (r) => r.enableVoicemail, labelsOf(VOICEMAIL_LABELS)),
  text('voicemailFileName', 'Voicemail file', (r) => r.voicemailFileName),
  id('voicemailFileId', 'Voicemail file id', (r) => r.voicemailFileId, false),
  duration('voicemailMaxHangup', 'Max voicemail length', (r) => r.voicemailMaxHangup, false),
  code(
    'autoRenew',
    'Auto-renew',
    (r) => r.autoRenew,
    labelsOf({ 0: 'no', 1: 'yes' }),
    false,
  ),
  text('inboundPrefix', 'Inbound prefix', (r) => r.inboundPrefix, false),
  text('outIp', 'Outbound IP whitelist', (r) => r.outIp, false),
  text('inIp', 'Inbound IP:port', (r) => r.inIp, false),
  text('remark', 'Remark', (r) => r.remark),
];

export const numbers: ListDescriptor<AppFilterParams, NumberRecord, NumberRecord, AppDraft> = {
  id: 'numbers',
  slug: 'numbers',
  order: 60,
  group: 'Numbers',
  shortcut: '7',
  blurb: 'Purchased numbers with their voicemail settings.',
  endpoint: {
    id: 'numbers',
    path: '/v3/number/queryPage',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -22, -25, -29, -30, -31],
    title: 'Numbers',
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
  filter: appForm('numbers'),
};
