/**
 * What each list shows and exports: one definition per column, shared by the
 * renderer's table (display) and main's exporters (typed spreadsheet cells).
 * Passwords have no column.
 */
import type { ListOperation, ListRows } from './lists';
import {
  CALL_STATUS_LABELS,
  DELETE_FLAG_LABELS,
  ENABLE_LABELS,
  feedbackLabel,
  NUMBER_STATE_LABELS,
  SEAT_STATUS_LABELS,
  TASK_ROW_STATUS_LABELS,
  VOICEMAIL_LABELS,
} from './platform';
import type { DecimalAmount, TaskVariableName, Timestamp } from './records';

interface ColumnBase {
  /** Stable id: preferences and exports refer to it. */
  key: string;
  /** Human label, for the table header and the export's header row. */
  header: string;
  /** Shown when the user has not chosen columns yet. */
  visible: boolean;
}

/** Text that must stay text: ids and phone numbers keep their leading `+` and `0`. */
export interface TextColumn<R> extends ColumnBase {
  kind: 'text' | 'id' | 'phone';
  get(row: R): string | null;
}
export interface NumberColumn<R> extends ColumnBase {
  kind: 'integer' | 'number';
  get(row: R): number | null;
}
/** Seconds, shown as m:ss. */
export interface DurationColumn<R> extends ColumnBase {
  kind: 'duration';
  get(row: R): number | null;
}
export interface AmountColumn<R> extends ColumnBase {
  kind: 'amount';
  get(row: R): DecimalAmount | null;
  /** The currency the amount is in, when known. */
  currency(row: R): string | null;
}
export interface TimeColumn<R> extends ColumnBase {
  kind: 'time';
  get(row: R): Timestamp | null;
}
/** A calendar date (YYYY-MM-DD) with no time and no zone. */
export interface DateColumn<R> extends ColumnBase {
  kind: 'date';
  get(row: R): string | null;
}
/** A coded value with a human label beside it (callStatus 50 → connected). */
export interface CodeColumn<R> extends ColumnBase {
  kind: 'code';
  get(row: R): number | string | null;
  label(value: number | string): string | null;
}
export interface ListColumn<R> extends ColumnBase {
  kind: 'list';
  get(row: R): string[];
}

export type Column<R> =
  | TextColumn<R>
  | NumberColumn<R>
  | DurationColumn<R>
  | AmountColumn<R>
  | TimeColumn<R>
  | DateColumn<R>
  | CodeColumn<R>
  | ListColumn<R>;

export type ColumnKind = Column<unknown>['kind'];

function labelsOf(table: Readonly<Record<number, string>>): (value: number | string) => string | null {
  return (value) => table[Number(value)] ?? null;
}

const text = <R>(key: string, header: string, get: (row: R) => string | null, visible = true): TextColumn<R> => ({
  key,
  header,
  kind: 'text',
  get,
  visible,
});
const id = <R>(key: string, header: string, get: (row: R) => string | null, visible = true): TextColumn<R> => ({
  key,
  header,
  kind: 'id',
  get,
  visible,
});
const phone = <R>(key: string, header: string, get: (row: R) => string | null, visible = true): TextColumn<R> => ({
  key,
  header,
  kind: 'phone',
  get,
  visible,
});
const integer = <R>(key: string, header: string, get: (row: R) => number | null, visible = true): NumberColumn<R> => ({
  key,
  header,
  kind: 'integer',
  get,
  visible,
});
const duration = <R>(key: string, header: string, get: (row: R) => number | null, visible = true): DurationColumn<R> => ({
  key,
  header,
  kind: 'duration',
  get,
  visible,
});
const time = <R>(key: string, header: string, get: (row: R) => Timestamp | null, visible = true): TimeColumn<R> => ({
  key,
  header,
  kind: 'time',
  get,
  visible,
});
const code = <R>(
  key: string,
  header: string,
  get: (row: R) => number | string | null,
  label: (value: number | string) => string | null,
  visible = true,
): CodeColumn<R> => ({ key, header, kind: 'code', get, label, visible });
const amount = <R>(
  key: string,
  header: string,
  get: (row: R) => DecimalAmount | null,
  currency: (row: R) => string | null,
  visible = true,
): AmountColumn<R> => ({ key, header, kind: 'amount', get, currency, visible });

type Voice = ListRows['voiceRecords'];
type Task = ListRows['taskDetails'];
type NumberCall = ListRows['numberRecords'];
type Seat = ListRows['seats'];
type Leader = ListRows['teamLeaders'];
type Num = ListRows['numbers'];
type Axb = ListRows['axbBindings'];

/** The quote currency: the platform fills `currency` only when it is not USD. */
const quoteCurrency = (row: { currency: string | null }): string => row.currency || 'USD';
const noCurrency = (): null => null;

const voiceColumns: Column<Voice>[] = [
  id('voiceId', 'Voice id', (r) => r.voiceId),
  phone('callee', 'Callee', (r) => r.callee),
  phone('displayNum', 'Display number', (r) => r.displayNum),
  code('callStatus', 'Call status', (r) => r.callStatus, labelsOf(CALL_STATUS_LABELS)),
  time('submitTime', 'Submitted', (r) => r.submitTime),
  time('callTime', 'Called', (r) => r.callTime, false),
  time('ringingTime', 'Ringing', (r) => r.ringingTime, false),
  time('answerTime', 'Answered', (r) => r.answerTime, false),
  time('hangupTime', 'Hung up', (r) => r.hangupTime),
  duration('callDuration', 'Duration', (r) => r.callDuration),
  duration('chargedDuration', 'Billed duration', (r) => r.chargedDuration),
  text('terminationCode', 'SIP code', (r) => r.terminationCode),
  text('terminationReason', 'Termination reason', (r) => r.terminationReason),
  amount<Voice>('cost', 'Cost', (r) => r.cost, quoteCurrency),
  text('billPeriod', 'Billing period', (r) => r.billPeriod),
  amount<Voice>('rate', 'Rate', (r) => r.rate, quoteCurrency),
  amount('baseCost', 'Base cost', (r) => r.baseCost, () => 'USD', false),
  code('feedbackValue', 'Key pressed', (r) => r.feedbackValue, (value) => feedbackLabel(String(value))),
  text('code', 'Region and operator', (r) => r.code),
  text('calledInfo', 'Called-party info', (r) => r.calledInfo),
  id('voiceFileId', 'Voice file id', (r) => r.voiceFileId, false),
  text('currency', 'Quote currency', (r) => r.currency, false),
  amount('settleRate', 'Local rate', (r) => r.settleRate, noCurrency, false),
  amount('quoteExchange', 'Quote exchange rate', (r) => r.quoteExchange, noCurrency, false),
  amount('settlePay', 'Local amount', (r) => r.settlePay, noCurrency, false),
];

const TASK_VARIABLES = Array.from({ length: 20 }, (_, i) => `var${String(i + 1).padStart(2, '0')}` as TaskVariableName);

const taskColumns: Column<Task>[] = [
  id('keyId', 'Task id', (r) => r.keyId),
  phone('called', 'Called', (r) => r.called),
  phone('encryptCalled', 'Called (encrypted)', (r) => r.encryptCalled, false),
  code('status', 'Status', (r) => r.status, labelsOf(TASK_ROW_STATUS_LABELS)),
  text('seatName', 'Seat', (r) => r.seatName),
  text('sipGroupName', 'Seat group', (r) => r.sipGroupName),
  text('labelName', 'Label', (r) => r.labelName),
  text('remark', 'Remark', (r) => r.remark),
  id('callId', 'Voice id', (r) => r.callId),
  text('errorReason', 'Error', (r) => r.errorReason),
  { key: 'callCount', header: 'Completion rate', kind: 'number', get: (r) => r.callCount, visible: true },
  text('calledInfo', 'Called-party info', (r) => r.calledInfo, false),
  ...TASK_VARIABLES.map((name, index) => text<Task>(name, name, (r) => r.variables[name] ?? null, index < 3)),
];

const numberCallColumns: Column<NumberCall>[] = [
  id('callid', 'Call id', (r) => r.callid),
  phone('number', 'Number', (r) => r.number),
  text('type', 'Type', (r) => r.type),
  phone('caller', 'Caller', (r) => r.caller),
  phone('called', 'Called', (r) => r.called),
  text('ccode', 'Country code', (r) => r.ccode, false),
  text('country', 'Country', (r) => r.country),
  code('callSource', 'Source', (r) => r.callSource, (value) => (Number(value) === 2 || Number(value) === 3 ? 'call' : null), false),
  time('startTime', 'Started', (r) => r.startTime),
  time('endTime', 'Ended', (r) => r.endTime),
  duration('callDuration', 'Duration', (r) => r.callDuration),
  duration('chargedDuration', 'Billed duration', (r) => r.chargedDuration),
  amount<NumberCall>('pay', 'Charged', (r) => r.pay, quoteCurrency),
  text('sipCode', 'SIP code', (r) => r.sipCode),
  text('hangupReason', 'Hang-up reason', (r) => r.hangupReason),
  text('recordingFileUrl', 'Recording', (r) => r.recordingFileUrl || null, false),
  id('appId', 'App id', (r) => r.appId, false),
  text('chargedPeriod', 'Billing period', (r) => r.chargedPeriod, false),
  amount<NumberCall>('customerRate', 'Rate', (r) => r.customerRate, quoteCurrency, false),
  text('currency', 'Quote currency', (r) => r.currency, false),
  amount('quoteExchange', 'Quote exchange rate', (r) => r.quoteExchange, noCurrency, false),
  amount('settleRate', 'Local rate', (r) => r.settleRate, noCurrency, false),
  amount('settlePay', 'Local amount', (r) => r.settlePay, noCurrency, false),
];

const seatColumns: Column<Seat>[] = [
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

const leaderColumns: Column<Leader>[] = [
  id('keyId', 'Leader id', (r) => r.keyId),
  text('empNo', 'Employee no.', (r) => r.empNo),
  text('name', 'Name', (r) => r.name),
  text('petName', 'Nickname', (r) => r.petName),
  text('account', 'Account', (r) => r.account),
  code('enable', 'Enabled', (r) => r.enable, labelsOf(ENABLE_LABELS)),
  { key: 'voiceGroupNameList', header: 'Seat groups', kind: 'list', get: (r) => r.voiceGroupNameList, visible: true },
  { key: 'voiceGroupIdList', header: 'Seat group ids', kind: 'list', get: (r) => r.voiceGroupIdList, visible: false },
  id('customerId', 'Customer id', (r) => r.customerId, false),
  text('customerName', 'Customer', (r) => r.customerName, false),
  time('createTime', 'Created', (r) => r.createTime),
  time('updateTime', 'Updated', (r) => r.updateTime, false),
];

const numberColumns: Column<Num>[] = [
  phone('number', 'Number', (r) => r.number),
  text('country', 'Country', (r) => r.country),
  text('ccode', 'Country code', (r) => r.ccode, false),
  text('type', 'Type', (r) => r.type),
  code('state', 'State', (r) => r.state, labelsOf(NUMBER_STATE_LABELS)),
  { key: 'dueDate', header: 'Expires', kind: 'date', get: (r) => r.dueDate, visible: true },
  id('appId', 'App id', (r) => r.appId),
  code('enableVoicemail', 'Voicemail', (r) => r.enableVoicemail, labelsOf(VOICEMAIL_LABELS)),
  text('voicemailFileName', 'Voicemail file', (r) => r.voicemailFileName),
  id('voicemailFileId', 'Voicemail file id', (r) => r.voicemailFileId, false),
  duration('voicemailMaxHangup', 'Max voicemail length', (r) => r.voicemailMaxHangup, false),
  code('autoRenew', 'Auto-renew', (r) => r.autoRenew, (value) => ({ 0: 'no', 1: 'yes' })[Number(value)] ?? null, false),
  text('inboundPrefix', 'Inbound prefix', (r) => r.inboundPrefix, false),
  text('outIp', 'Outbound IP whitelist', (r) => r.outIp, false),
  text('inIp', 'Inbound IP:port', (r) => r.inIp, false),
  text('remark', 'Remark', (r) => r.remark),
];

const axbColumns: Column<Axb>[] = [
  id('bindId', 'Binding id', (r) => r.bindId),
  phone('phoneA', 'Number A', (r) => r.phoneA),
  phone('phoneB', 'Number B', (r) => r.phoneB),
  phone('pnsNumberA', 'Middle number (A sees)', (r) => r.pnsNumberA),
  phone('pnsNumberB', 'Middle number (B sees)', (r) => r.pnsNumberB),
  time('expireTime', 'Expires', (r) => r.expireTime),
];

export const COLUMNS: { [O in ListOperation]: readonly Column<ListRows[O]>[] } = {
  voiceRecords: voiceColumns,
  taskDetails: taskColumns,
  numberRecords: numberCallColumns,
  seats: seatColumns,
  teamLeaders: leaderColumns,
  numbers: numberColumns,
  axbBindings: axbColumns,
};

export function columnsOf<O extends ListOperation>(operation: O): readonly Column<ListRows[O]>[] {
  return COLUMNS[operation];
}
