import type { LiveDay } from './live';

/**
 * The records as the sandbox serves them (quirks on): field names, types and
 * spellings follow the spec's tables and the platform's samples.
 */

export type SandboxVolume = 'small' | 'default' | 'large';

export interface VoiceRecord {
  voiceId: string;
  callee: string;
  displayNum: string;
  code: string;
  submitTime: string;
  callTime: string;
  ringingTime: string | null;
  answerTime: string | null;
  hangupTime: string;
  callDuration: number;
  chargedDuration: number;
  terminationCode: string;
  terminationReason: string;
  cost: string;
  billPeriod: string;
  rate: string;
  baseCost: string;
  voiceFileId: string;
  feedbackValue: string;
  calledInfo: string;
  settleRate: string | null;
  quoteExchange: string | null;
  currency: string | null;
  settlePay: string | null;
  callStatus: number | null;
}

export interface NumberCallRecord {
  callid: string;
  number: string;
  type: 'MOBILE' | 'FIXED';
  caller: string;
  called: string;
  ccode: string;
  country: string;
  callSource: number;
  callDuration: number;
  chargedDuration: number;
  startTime: string;
  endTime: string;
  /** Declared Double, served as text (quirk). */
  pay: string;
  sipCode: string;
  recordingFileUrl: string;
  hangupReason: string;
  appId: string;
  chargedPeriod: string;
  customerRate: string;
  currency: string | null;
  QuoteExchange: string | null;
  SeptleRate: string | null;
  SettlePay: string | null;
}

export type TaskVariables = { [K in `var${string}`]: string | null };

export interface TaskDetailRecord extends TaskVariables {
  keyId: number;
  called: string;
  calledInfo: string;
  encryptCalled: string;
  seatName: string | null;
  sipGroupName: string;
  labelName: string | null;
  remark: string | null;
  /** The voice id of its call (text, as voice ids are; the spec's Integer is compared as text). */
  callId: string | null;
  errorReason: string | null;
  status: number;
  callCount: number;
}

/** A task row with the keys the filters use that the row itself does not carry. */
export interface TaskRowEntry {
  record: TaskDetailRecord;
  seatId: number | null;
  sipGroupId: number;
}

export interface SeatRecord {
  keyId: number;
  empNo: string;
  petName: string;
  name: string;
  appId: string;
  appName: string | null;
  deleteFlag: number;
  enable: number;
  priority: number;
  /** The seat group id, named as in the platform's sample (quirk). */
  sipGroupId: number;
  groupName: string;
  account: string;
  password: string;
  createTime: string;
  updateTime: string;
  displayNum: string;
  ccode: string | null;
  /** Declared Integer, served as text (quirk). */
  status: string;
}

export interface TeamLeaderRecord {
  keyId: number;
  empNo: string;
  petName: string;
  name: string;
  enable: number;
  voiceGroupIdList: number[];
  voiceGroupNameList: string[];
  account: string;
  password: string;
  createTime: string;
  updateTime: string;
  customerId: number;
  customerName: string;
}

export interface NumberRecord {
  number: string;
  ccode: string;
  country: string;
  dueDate: string;
  state: number;
  inboundPrefix: string;
  type: 'MOBILE' | 'FIXED';
  outIp: string;
  inIp: string;
  remark: string;
  appId: string;
  enableVoicemail: number;
  voicemailFileId: string | null;
  voicemailFileName: string;
  voicemailMaxHangup: number | null;
  autoRenew: number;
}

export interface AxbBindingRecord {
  bindId: number;
  phoneA: string;
  phoneB: string;
  pnsNumberA: string;
  /** Declared Integer, served as text (quirk). */
  pnsNumberB: string;
  expireTime: string;
}

export interface AxbBindingEntry {
  record: AxbBindingRecord;
  appId: string;
}

export interface SeatGroupInfo {
  id: number;
  name: string;
  appId: string;
  appName: string;
  workspace: string;
}

/** Read access to everything the sandbox serves. */
export interface SandboxData {
  /** The live day (off unless started): calls arriving after the anchor, seats changing status. */
  readonly live: LiveDay;
  readonly seed: number;
  readonly anchor: Date;
  readonly volume: SandboxVolume;
  /** Voice records submitted before this instant have callStatus null. */
  readonly callStatusCutoff: Date;
  readonly voiceRecordCount: number;
  /** Record i, newest first (i = 0 is the newest), as served at `atMs` (default: the live clock; it matters only on a live day). */
  voiceRecordAt(index: number, atMs?: number): VoiceRecord;
  /** Indexes [first, end) of the voice records submitted within [fromMs, toMs], as served at `atMs`. */
  voiceRecordRange(fromMs: number, toMs: number, atMs?: number): { first: number; end: number };
  readonly numberRecordCount: number;
  numberRecordAt(index: number): NumberCallRecord;
  numberRecordRange(fromMs: number, toMs: number): { first: number; end: number };
  readonly taskIds: readonly number[];
  /** Rows of a task in served order; empty for an unknown task. */
  taskRows(taskId: number): readonly TaskRowEntry[];
  seatGroups(): readonly SeatGroupInfo[];
  /** The seats as served at `atMs` (default: the live clock; on a live day their status moves). */
  seats(atMs?: number): readonly SeatRecord[];
  teamLeaders(): readonly TeamLeaderRecord[];
  numbers(): readonly NumberRecord[];
  axbBindings(): readonly AxbBindingEntry[];
  readonly appIds: readonly string[];
}
