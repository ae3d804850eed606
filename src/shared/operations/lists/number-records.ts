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
  id('callid', 'Call id', (r) => r.callid),
  phone('number', 'Number', (r) => r.number),
  text('type', 'Type', (r) => r.type),
  phone('caller', 'Caller', (r) => r.caller),
  phone('called', 'Called', (r) => r.called),
  text('ccode', 'Country code', (r) => r.ccode, false),
  text('country', 'Country', (r) => r.country),
  code(
    'callSource',
    'Source',
    (r) => r.callSource,
    labelsOf({ 2: 'call', 3: 'call' }),
    false,
  ),
  time('startTime', 'Started', (r) => r.startTime),
  time('endTime', 'Ended', (r) => r.endTime),
  duration('callDuration', 'Duration', (r) => r.callDuration),
  duration('chargedDuration', 'Billed duration', (r) => r.chargedDuration),
  amount<NumberCallRecord>('pay', 'Charged', (r) => r.pay, quoteCurrency),
  text('sipCode', 'SIP code', (r) => r.sipCode),
  sized(
    text('hangupReason', 'Hang-up reason', (r) => r.hangupReason),
    200,
  ),
  sized(
    text('recordingFileUrl', 'Recording', (r) => r.recordingFileUrl || null, false),
    240,
  ),
  id('appId', 'App id', (r) => r.appId, false),
  text('chargedPeriod', 'Billing period', (r) => r.chargedPeriod, false),
  amount<NumberCallRecord>('customerRate', 'Rate', (r) => r.customerRate, quoteCurrency, false),
  text('currency', 'Quote currency', (r) => r.currency, false),
  amount('quoteExchange', 'Quote exchange rate', (r) => r.quoteExchange, noCurrency, false),
  amount('settleRate', 'Local rate', (r) => r.settleRate, noCurrency, false),
  amount('settlePay', 'Local amount', (r) => r.settlePay, noCurrency, false),
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
  blurb: 'Call records of your purchased numbers.',
  endpoint: {
    id: 'numberRecords',
    path: '/v3/number/record/queryPage',
    method: 'POST',
    write: false,
    errors: [-1, -2, -16, -18, -22, -25, -29, -30, -31],
    title: 'Number records',
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
