import { m } from '../../i18n';
import { labelTable } from '../../platform';
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
import { normaliseNumberCallRecord, NUMBER_CALL_SCHEMA } from '../../normalise';
import { LIMITS } from '../../platform';
import type { NumberCallRecord } from '../../records';
import type { RecordWindowParams } from '../../requests';
import { checkNothingMore } from '../../validation';
import { NUMBER_FIGURES } from '../../reports/figures';
import type { ListDescriptor } from '../descriptor';
import { recordWindowForm, type WindowDraft } from '../filter-values';

const columns: Column<NumberCallRecord>[] = [
  id('callid', m.lists_numrec_callid, (r) => r.callid),
  phone('number', m.lists_numrec_number, (r) => r.number),
  text('type', m.lists_numrec_type, (r) => r.type),
  phone('caller', m.lists_numrec_caller, (r) => r.caller),
  phone('called', m.lists_numrec_called, (r) => r.called),
  text('ccode', m.lists_numrec_ccode, (r) => r.ccode, false),
  text('country', m.lists_numrec_country, (r) => r.country),
  code(
    'callSource',
    m.lists_numrec_call_source,
    (r) => r.callSource,
    labelsOf(labelTable({ 2: m.lists_call_source_call, 3: m.lists_call_source_call })),
    false,
  ),
  time('startTime', m.lists_numrec_start_time, (r) => r.startTime),
  time('endTime', m.lists_numrec_end_time, (r) => r.endTime),
  duration('callDuration', m.lists_numrec_call_duration, (r) => r.callDuration),
  duration('chargedDuration', m.lists_numrec_charged_duration, (r) => r.chargedDuration),
  amount<NumberCallRecord>('pay', m.lists_numrec_pay, (r) => r.pay, quoteCurrency),
  text('sipCode', m.lists_numrec_sip_code, (r) => r.sipCode),
  sized(
    text('hangupReason', m.lists_numrec_hangup_reason, (r) => r.hangupReason),
    200,
  ),
  sized(
    text('recordingFileUrl', m.lists_numrec_recording_file_url, (r) => r.recordingFileUrl || null, false),
    240,
  ),
  id('appId', m.lists_numrec_app_id, (r) => r.appId, false),
  text('chargedPeriod', m.lists_numrec_charged_period, (r) => r.chargedPeriod, false),
  amount<NumberCallRecord>('customerRate', m.lists_numrec_customer_rate, (r) => r.customerRate, quoteCurrency, false),
  text('currency', m.lists_numrec_currency, (r) => r.currency, false),
  amount('quoteExchange', m.lists_numrec_quote_exchange, (r) => r.quoteExchange, noCurrency, false),
  amount('settleRate', m.lists_numrec_settle_rate, (r) => r.settleRate, noCurrency, false),
  amount('settlePay', m.lists_numrec_settle_pay, (r) => r.settlePay, noCurrency, false),
];

export const numberRecords: ListDescriptor<
  RecordWindowParams,
  NumberCallRecord,
  NumberCallRecord,
  WindowDraft
> = {
  id: 'numberRecords',
  slug: 'number-records',
  order: 30,
  group: 'Records',
  shortcut: '3',
  blurb: m.lists_numrec_blurb,
  endpoint: {
    id: 'numberRecords',
    path: '/v3/number/record/queryPage',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -22, -25, -29, -30, -31],
    title: m.lists_numrec_title,
  },
  paramKinds: { strTime: 'window', endTime: 'window' },
  // The spec gives the two-month history rule for voice records only: an older window is the platform's to refuse (-25).
  window: { maxDays: LIMITS.recordWindowMaxDays, historyLimited: false },
  pageDefaults: null,
  checkParams: checkNothingMore,
  normalise: normaliseNumberCallRecord,
  fields: NUMBER_CALL_SCHEMA,
  jsonFields: ['extra'],
  snapshotScope: () => '',
  sync: 'always',
  toRow: (record) => record,
  columns,
  rowId: (row) => row.callid,
  rowTime: { key: 'startTime', of: (row) => row.startTime?.epochMs ?? null },
  summary: { figures: NUMBER_FIGURES, record: (row) => row },
  filter: recordWindowForm,
};
