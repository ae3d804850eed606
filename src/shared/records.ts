/**
 * The platform's records after normalisation (src/shared/normalise), and the rows the
 * renderer and the export files see of them. Rules that hold for every record:
 * - ids and phone numbers are text (leading zeros and `+` kept);
 * - amounts are exact decimal text with a parsed number beside it;
 * - timestamps keep the server's text with the instant it denotes;
 * - a field the server left out is null; fields this version does not know are kept in `extra`.
 */
import { withoutSecretFields } from './secret-fields';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Fields the server sent that this version does not know, exactly as received. */
export type ExtraFields = Record<string, JsonValue>;

export interface DecimalAmount {
  /** The decimal text exactly as the server sent it (a JSON number becomes its decimal text). */
  text: string;
  /** Parsed for sorting and sums; null when the text is not a decimal number. */
  value: number | null;
}

export interface Timestamp {
  /** The server's text (or number) as text. */
  text: string;
  /** The instant it denotes; null when it cannot be read. Zone-less texts are read in the profile's zone. */
  epochMs: number | null;
}

export interface Page<T> {
  total: number;
  size: number;
  current: number;
  pages: number;
  records: T[];
  searchCount: boolean | null;
}

export interface VoiceRecord {
  voiceId: string | null;
  callee: string | null;
  displayNum: string | null;
  code: string | null;
  submitTime: Timestamp | null;
  callTime: Timestamp | null;
  ringingTime: Timestamp | null;
  answerTime: Timestamp | null;
  hangupTime: Timestamp | null;
  callDuration: number | null;
  chargedDuration: number | null;
  terminationCode: string | null;
  terminationReason: string | null;
  cost: DecimalAmount | null;
  billPeriod: string | null;
  rate: DecimalAmount | null;
  baseCost: DecimalAmount | null;
  voiceFileId: string | null;
  feedbackValue: string | null;
  calledInfo: string | null;
  settleRate: DecimalAmount | null;
  quoteExchange: DecimalAmount | null;
  currency: string | null;
  settlePay: DecimalAmount | null;
  /** CALL_STATUS_LABELS; null for data before 2025-12-10 10:00. */
  callStatus: number | null;
  extra: ExtraFields;
}

type TwoDigit<N extends string> = `0${N}` | `1${N}`;
type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
/** var01 ... var20 */
export type TaskVariableName = Exclude<`var${TwoDigit<Digit>}` | 'var20', 'var00'>;

export interface TaskDetailRecord {
  /** Task id. */
  keyId: string | null;
  encryptCalled: string | null;
  called: string | null;
  calledInfo: string | null;
  seatName: string | null;
  sipGroupName: string | null;
  labelName: string | null;
  remark: string | null;
  /** Voice id of the call. */
  callId: string | null;
  errorReason: string | null;
  /** TASK_ROW_STATUS_LABELS */
  status: number | null;
  /** Completion rate. */
  callCount: number | null;
  /** var01 ... var20; the ones the server did not send are absent. */
  variables: Partial<Record<TaskVariableName, string | null>>;
  extra: ExtraFields;
}

export interface NumberCallRecord {
  callid: string | null;
  number: string | null;
  /** MOBILE or FIXED */
  type: string | null;
  caller: string | null;
  called: string | null;
  ccode: string | null;
  country: string | null;
  callSource: number | null;
  callDuration: number | null;
  chargedDuration: number | null;
  startTime: Timestamp | null;
  endTime: Timestamp | null;
  pay: DecimalAmount | null;
  sipCode: string | null;
  recordingFileUrl: string | null;
  hangupReason: string | null;
  appId: string | null;
  chargedPeriod: string | null;
  customerRate: DecimalAmount | null;
  currency: string | null;
  /** Spelled `QuoteExchange` by the server. */
  quoteExchange: DecimalAmount | null;
  /** Spelled `SeptleRate` by the server. */
  settleRate: DecimalAmount | null;
  /** Spelled `SettlePay` by the server. */
  settlePay: DecimalAmount | null;
  extra: ExtraFields;
}

export interface SeatRecord {
  keyId: string | null;
  empNo: string | null;
  petName: string | null;
  name: string | null;
  appId: string | null;
  appName: string | null;
  /** DELETE_FLAG_LABELS */
  deleteFlag: number | null;
  /** ENABLE_LABELS */
  enable: number | null;
  priority: number | null;
  /** Also sent as `sipGroupId` or `seatGroupId`. */
  voiceGroupId: string | null;
  groupName: string | null;
  account: string | null;
  /** Returned by the list; never logged. */
  password: string | null;
  createTime: Timestamp | null;
  updateTime: Timestamp | null;
  displayNum: string | null;
  ccode: string | null;
  /** SEAT_STATUS_LABELS */
  status: number | null;
  extra: ExtraFields;
}

/** A record with a password, as anything outside main may see it. */
export type WithoutPassword<T> = Omit<T, 'password'>;
export type SeatRow = WithoutPassword<SeatRecord>;
export type TeamLeaderRow = WithoutPassword<TeamLeaderRecord>;

/**
 * The one place a password the list returned is dropped before a row leaves main, with any
 * other secret it carries (a `sipPassword` in `extra`): the archive's rule (secret-fields.ts).
 */
export function withoutPassword<T extends { password: string | null }>(record: T): WithoutPassword<T> {
  const { password: _password, ...rest } = record;
  return withoutSecretFields(rest);
}

export interface TeamLeaderRecord {
  keyId: string | null;
  empNo: string | null;
  petName: string | null;
  name: string | null;
  enable: number | null;
  voiceGroupIdList: string[];
  voiceGroupNameList: string[];
  account: string | null;
  password: string | null;
  createTime: Timestamp | null;
  updateTime: Timestamp | null;
  customerId: string | null;
  customerName: string | null;
  extra: ExtraFields;
}

export interface NumberRecord {
  number: string | null;
  ccode: string | null;
  country: string | null;
  /** YYYY-MM-DD, a calendar date (no zone). */
  dueDate: string | null;
  /** NUMBER_STATE_LABELS */
  state: number | null;
  inboundPrefix: string | null;
  type: string | null;
  outIp: string | null;
  inIp: string | null;
  remark: string | null;
  appId: string | null;
  enableVoicemail: number | null;
  voicemailFileId: string | null;
  voicemailFileName: string | null;
  voicemailMaxHangup: number | null;
  autoRenew: number | null;
  extra: ExtraFields;
}

export interface AxbBindingRecord {
  bindId: string | null;
  phoneA: string | null;
  phoneB: string | null;
  pnsNumberA: string | null;
  pnsNumberB: string | null;
  expireTime: Timestamp | null;
  extra: ExtraFields;
}

/** The editable basic settings of a seat group. */
export interface SeatGroupValues {
  callinStrategy: number | null;
  timeoutTransferSec: number | null;
  callinAutoAnswerSec: number | null;
  wrapUpTime: number | null;
  timeoutIdle: number | null;
  timeoutWaitSec: number | null;
  turnSeatRing: string | null;
  labelName: string[];
  /** 0 on, 1 off. */
  displaySwitch: number | null;
  /** 0 on, 1 off. */
  encryptNumber: number | null;
  /** Text, so a node the app does not know survives a round trip untouched. */
  fsNode: string | null;
}

export interface SeatGroupSettings extends SeatGroupValues {
  /** Also sent as `seatGroupId` or `sipGroupId`. */
  voiceGroupId: string | null;
  groupName: string | null;
  appName: string | null;
  turnSeatRingUrl: string | null;
  extra: ExtraFields;
  /** Settings the platform returned in a form this app cannot read (so read as empty). */
  unreadable: string[];
}

export interface MmsSentMessage {
  msgId: string | null;
  number: string | null;
}

export interface MmsSendResult {
  /** Count of numbers accepted (`success`). */
  accepted: number | null;
  /** Count of numbers rejected (`fail`). */
  rejected: number | null;
  messages: MmsSentMessage[];
  extra: ExtraFields;
}
