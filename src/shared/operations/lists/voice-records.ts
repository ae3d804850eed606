import { m } from '../../i18n';
import {
  amount,
  code,
  type CodeLabels,
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
import { CALL_STATUS_LABELS, CALL_STATUS_MISSING, feedbackKeyPrefix, labelTable, LIMITS } from '../../platform';
import type { VoiceRecord } from '../../records';
import type { RecordWindowParams } from '../../requests';
import { checkNothingMore } from '../../validation';
import { VOICE_FIGURES } from '../../reports/figures';
import type { ListDescriptor } from '../descriptor';
import { recordWindowForm, type WindowDraft } from '../filter-values';

/** Keys pressed: -1 is "no key", any other code "key N", both in the language of the moment. */
const FEEDBACK_LABELS: CodeLabels = {
  table: labelTable({ '-1': m.lists_feedback_none }),
  get otherwise() {
    return { prefix: feedbackKeyPrefix() };
  },
};

const columns: Column<VoiceRecord>[] = [
  id('voiceId', m.lists_voice_voice_id, (r) => r.voiceId),
  phone('callee', m.lists_voice_callee, (r) => r.callee),
  phone('displayNum', m.lists_voice_display_num, (r) => r.displayNum),
  {
    ...code('callStatus', m.lists_voice_call_status, (r) => r.callStatus, labelsOf(CALL_STATUS_LABELS)),
    missing: CALL_STATUS_MISSING,
  },
  time('submitTime', m.lists_voice_submit_time, (r) => r.submitTime),
  time('callTime', m.lists_voice_call_time, (r) => r.callTime, false),
  time('ringingTime', m.lists_voice_ringing_time, (r) => r.ringingTime, false),
  time('answerTime', m.lists_voice_answer_time, (r) => r.answerTime, false),
  time('hangupTime', m.lists_voice_hangup_time, (r) => r.hangupTime),
  duration('callDuration', m.lists_voice_call_duration, (r) => r.callDuration),
  duration('chargedDuration', m.lists_voice_charged_duration, (r) => r.chargedDuration),
  text('terminationCode', m.lists_voice_termination_code, (r) => r.terminationCode),
  sized(
    text('terminationReason', m.lists_voice_termination_reason, (r) => r.terminationReason),
    200,
  ),
  amount<VoiceRecord>('cost', m.lists_voice_cost, (r) => r.cost, quoteCurrency),
  text('billPeriod', m.lists_voice_bill_period, (r) => r.billPeriod),
  amount<VoiceRecord>('rate', m.lists_voice_rate, (r) => r.rate, quoteCurrency),
  amount(
    'baseCost',
    m.lists_voice_base_cost,
    (r) => r.baseCost,
    { fixed: 'USD' },
    false,
  ),
  code(
    'feedbackValue',
    m.lists_voice_feedback_value,
    (r) => r.feedbackValue,
    // Any key the platform reports is "key N"; only -1 (none) has a label of its own.
    FEEDBACK_LABELS,
  ),
  text('code', m.lists_voice_code, (r) => r.code),
  sized(
    text('calledInfo', m.lists_voice_called_info, (r) => r.calledInfo),
    240,
  ),
  id('voiceFileId', m.lists_voice_voice_file_id, (r) => r.voiceFileId, false),
  text('currency', m.lists_voice_currency, (r) => r.currency, false),
  amount('settleRate', m.lists_voice_settle_rate, (r) => r.settleRate, noCurrency, false),
  amount('quoteExchange', m.lists_voice_quote_exchange, (r) => r.quoteExchange, noCurrency, false),
  amount('settlePay', m.lists_voice_settle_pay, (r) => r.settlePay, noCurrency, false),
];

export const voiceRecords: ListDescriptor<RecordWindowParams, VoiceRecord, VoiceRecord, WindowDraft> = {
  id: 'voiceRecords',
  slug: 'voice-records',
  order: 10,
  group: 'Records',
  shortcut: '1',
  blurb: m.lists_voice_blurb,
  endpoint: {
    id: 'voiceRecords',
    path: '/v3/voice/recordGroupQuery',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -22, -25],
    title: m.lists_voice_title,
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
