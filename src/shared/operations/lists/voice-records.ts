import {
  amount,
  code,
  type Column,
  duration,
  id,
  labelsOf,
  noCurrency,
  phone,
  quoteCurrency,
  sized,
  text,
  time,
} from '../../columns';
import { normaliseVoiceRecord, VOICE_RECORD_SCHEMA } from '../../normalise';
import { CALL_STATUS_LABELS, CALL_STATUS_MISSING, feedbackLabel, LIMITS } from '../../platform';
import type { VoiceRecord } from '../../records';
import type { RecordWindowParams } from '../../requests';
import { checkNothingMore } from '../../validation';
import { VOICE_FIGURES } from '../../reports/figures';
import type { ListDescriptor } from '../descriptor';
import { recordWindowForm, type WindowDraft } from '../filter-values';

const columns: Column<VoiceRecord>[] = [
  id('voiceId', 'Voice id', (r) => r.voiceId),
  phone('callee', 'Callee', (r) => r.callee),
  phone('displayNum', 'Display number', (r) => r.displayNum),
  {
    ...code('callStatus', 'Call status', (r) => r.callStatus, labelsOf(CALL_STATUS_LABELS)),
    missing: CALL_STATUS_MISSING,
  },
  time('submitTime', 'Submitted', (r) => r.submitTime),
  time('callTime', 'Called', (r) => r.callTime, false),
  time('ringingTime', 'Ringing', (r) => r.ringingTime, false),
  time('answerTime', 'Answered', (r) => r.answerTime, false),
  time('hangupTime', 'Hung up', (r) => r.hangupTime),
  duration('callDuration', 'Duration', (r) => r.callDuration),
  duration('chargedDuration', 'Billed duration', (r) => r.chargedDuration),
  text('terminationCode', 'SIP code', (r) => r.terminationCode),
  sized(
    text('terminationReason', 'Termination reason', (r) => r.terminationReason),
    200,
  ),
  amount<VoiceRecord>('cost', 'Cost', (r) => r.cost, quoteCurrency),
  text('billPeriod', 'Billing period', (r) => r.billPeriod),
  amount<VoiceRecord>('rate', 'Rate', (r) => r.rate, quoteCurrency),
  amount(
    'baseCost',
    'Base cost',
    (r) => r.baseCost,
    { fixed: 'USD' },
    false,
  ),
  code(
    'feedbackValue',
    'Key pressed',
    (r) => r.feedbackValue,
    // Any key the platform reports is "key N"; only -1 (none) has a label of its own.
    { table: { '-1': feedbackLabel('-1') }, otherwise: { prefix: 'key ' } },
  ),
  text('code', 'Region and operator', (r) => r.code),
  sized(
    text('calledInfo', 'Called-party info', (r) => r.calledInfo),
    240,
  ),
  id('voiceFileId', 'Voice file id', (r) => r.voiceFileId, false),
  text('currency', 'Quote currency', (r) => r.currency, false),
  amount('settleRate', 'Local rate', (r) => r.settleRate, noCurrency, false),
  amount('quoteExchange', 'Quote exchange rate', (r) => r.quoteExchange, noCurrency, false),
  amount('settlePay', 'Local amount', (r) => r.settlePay, noCurrency, false),
];

export const voiceRecords: ListDescriptor<RecordWindowParams, VoiceRecord, VoiceRecord, WindowDraft> = {
  id: 'voiceRecords',
  slug: 'voice-records',
  order: 10,
  group: 'Records',
  shortcut: '1',
  blurb: 'Group-call and verification-code call records.',
  endpoint: {
    id: 'voiceRecords',
    path: '/v3/voice/recordGroupQuery',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -22, -25],
    title: 'Voice records',
  },
  paramKinds: { strTime: 'window', endTime: 'window' },
  window: { maxDays: LIMITS.recordWindowMaxDays, historyLimited: true },
  pageDefaults: { current: 1, size: LIMITS.voiceDefaultPageSize },
  checkParams: checkNothingMore,
  normalise: normaliseVoiceRecord,
  fields: VOICE_RECORD_SCHEMA,
  jsonFields: ['extra'],
  snapshotScope: () => '',
  sync: 'always',
  toRow: (record) => record,
  columns,
  rowId: (row) => row.voiceId,
  rowTime: { key: 'submitTime', of: (row) => row.submitTime?.epochMs ?? row.callTime?.epochMs ?? null },
  summary: { figures: VOICE_FIGURES, record: (row) => row },
  filter: recordWindowForm,
};
