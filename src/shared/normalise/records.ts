/** The field tables of the platform's records (src/shared/records.ts) and their normalisers. */
import type {
  AxbBindingRecord,
  ExtraFields,
  MmsSendResult,
  NumberCallRecord,
  NumberRecord,
  SeatGroupSettings,
  SeatRecord,
  TaskDetailRecord,
  TaskVariableName,
  TeamLeaderRecord,
  VoiceRecord,
} from '../records';
import { compileSchema, type NormaliseContext, normaliseBySchema, type RecordSchema, unreadableFields } from './schema';
import { readNumber, readText, toJsonValue } from './values';
import { isRecord } from '../parse';

const text = { kind: 'text' } as const;
const num = { kind: 'number' } as const;
const amount = { kind: 'amount' } as const;
const time = { kind: 'timestamp' } as const;
const list = { kind: 'textList' } as const;

/** The platform names the seat group id three ways; all become voiceGroupId. */
const VOICE_GROUP_ID = { kind: 'text', from: ['voiceGroupId', 'seatGroupId', 'sipGroupId'] } as const;

export const VOICE_RECORD_SCHEMA: RecordSchema<VoiceRecord> = {
  voiceId: text,
  callee: text,
  displayNum: text,
  code: text,
  submitTime: time,
  callTime: time,
  ringingTime: time,
  answerTime: time,
  hangupTime: time,
  callDuration: num,
  chargedDuration: num,
  terminationCode: text,
  terminationReason: text,
  cost: amount,
  billPeriod: text,
  rate: amount,
  baseCost: amount,
  voiceFileId: text,
  feedbackValue: text,
  calledInfo: text,
  settleRate: amount,
  quoteExchange: { kind: 'amount', from: ['quoteExchange', 'QuoteExchange'] },
  currency: text,
  settlePay: amount,
  callStatus: num,
};

export const TASK_DETAIL_SCHEMA: RecordSchema<TaskDetailRecord> = {
  keyId: text,
  encryptCalled: text,
  called: text,
  calledInfo: text,
  seatName: text,
  sipGroupName: text,
  labelName: text,
  remark: text,
  callId: text,
  errorReason: text,
  status: num,
  callCount: num,
};

export const NUMBER_CALL_SCHEMA: RecordSchema<NumberCallRecord> = {
  callid: text,
  number: text,
  type: text,
  caller: text,
  called: text,
  ccode: text,
  country: text,
  callSource: num,
  callDuration: num,
  chargedDuration: num,
  startTime: time,
  endTime: time,
  pay: amount,
  sipCode: text,
  recordingFileUrl: text,
  hangupReason: text,
  appId: text,
  chargedPeriod: text,
  customerRate: amount,
  currency: text,
  quoteExchange: { kind: 'amount', from: ['QuoteExchange', 'quoteExchange'] },
  settleRate: { kind: 'amount', from: ['SeptleRate', 'settleRate', 'SettleRate'] },
  settlePay: { kind: 'amount', from: ['SettlePay', 'settlePay'] },
};

export const SEAT_SCHEMA: RecordSchema<SeatRecord> = {
  keyId: text,
  empNo: text,
  petName: text,
  name: text,
  appId: text,
  appName: text,
  deleteFlag: num,
  enable: num,
  priority: num,
  voiceGroupId: VOICE_GROUP_ID,
  groupName: text,
  account: text,
  password: text,
  createTime: time,
  updateTime: time,
  displayNum: text,
  ccode: text,
  status: num,
};

export const TEAM_LEADER_SCHEMA: RecordSchema<TeamLeaderRecord> = {
  keyId: text,
  empNo: text,
  petName: text,
  name: text,
  enable: num,
  voiceGroupIdList: { kind: 'textList', from: ['voiceGroupIdList', 'seatGroupIdList', 'sipGroupIdList'] },
  voiceGroupNameList: list,
  account: text,
  password: text,
  createTime: time,
  updateTime: time,
  customerId: text,
  customerName: text,
};

export const NUMBER_SCHEMA: RecordSchema<NumberRecord> = {
  number: text,
  ccode: text,
  country: text,
  dueDate: text,
  state: num,
  inboundPrefix: text,
  type: text,
  outIp: text,
  inIp: text,
  remark: text,
  appId: text,
  enableVoicemail: num,
  voicemailFileId: text,
  voicemailFileName: text,
  voicemailMaxHangup: num,
  autoRenew: num,
};

export const AXB_BINDING_SCHEMA: RecordSchema<AxbBindingRecord> = {
  bindId: text,
  phoneA: text,
  phoneB: text,
  pnsNumberA: text,
  pnsNumberB: text,
  expireTime: time,
};

export const SEAT_GROUP_SCHEMA: RecordSchema<SeatGroupSettings> = {
  voiceGroupId: VOICE_GROUP_ID,
  groupName: text,
  appName: text,
  callinStrategy: num,
  timeoutTransferSec: num,
  callinAutoAnswerSec: num,
  wrapUpTime: num,
  timeoutIdle: num,
  timeoutWaitSec: num,
  turnSeatRing: text,
  turnSeatRingUrl: text,
  labelName: list,
  displaySwitch: num,
  encryptNumber: num,
  fsNode: text,
};

export type RecordNormaliser<R> = (raw: Record<string, unknown>, context: NormaliseContext) => R;

function bySchema<R extends { extra: ExtraFields }>(schema: RecordSchema<R>): RecordNormaliser<R> {
  const compiled = compileSchema(schema);
  return (raw, context) => normaliseBySchema(raw, compiled, context);
}

export const normaliseVoiceRecord = bySchema(VOICE_RECORD_SCHEMA);
export const normaliseNumberCallRecord = bySchema(NUMBER_CALL_SCHEMA);
export const normaliseSeat = bySchema(SEAT_SCHEMA);
export const normaliseTeamLeader = bySchema(TEAM_LEADER_SCHEMA);
export const normaliseNumber = bySchema(NUMBER_SCHEMA);
export const normaliseAxbBinding = bySchema(AXB_BINDING_SCHEMA);
const SEAT_GROUP_COMPILED = compileSchema(SEAT_GROUP_SCHEMA);

/** Also notes the settings that could not be read, so a save never sends them back as "clear it". */
export const normaliseSeatGroupSettings: RecordNormaliser<SeatGroupSettings> = (raw, context) => ({
  ...normaliseBySchema(raw, SEAT_GROUP_COMPILED, context),
  unreadable: unreadableFields(raw, SEAT_GROUP_COMPILED, context),
});

const TASK_VARIABLE = /^var(0[1-9]|1\d|20)$/;

function isTaskVariableName(key: string): key is TaskVariableName {
  return TASK_VARIABLE.test(key);
}

/** Task rows carry var01 ... var20 beside their fields; they go to `variables`, not `extra`. */
const TASK_DETAIL_COMPILED = compileSchema(TASK_DETAIL_SCHEMA);

export const normaliseTaskDetail: RecordNormaliser<TaskDetailRecord> = (raw, context) => {
  const record = normaliseBySchema(raw, TASK_DETAIL_COMPILED, context);
  const variables: TaskDetailRecord['variables'] = {};
  const extra: ExtraFields = {};
  for (const [key, value] of Object.entries(record.extra)) {
    if (isTaskVariableName(key)) variables[key] = readText(raw[key]);
    else extra[key] = value;
  }
  return { ...record, variables, extra };
};

/** MMS send answers `{ status, reason, success, fail, array: [{ msgId, number }] }` (maybe inside data too). */
export function normaliseMmsSendResult(body: Record<string, unknown>): MmsSendResult {
  const source = isRecord(body.data) && body.success === undefined ? body.data : body;
  const messages = Array.isArray(source.array)
    ? source.array
        .filter(isRecord)
        .map((item) => ({ msgId: readText(item.msgId), number: readText(item.number) }))
    : [];
  const known = new Set(['status', 'reason', 'data', 'success', 'fail', 'array']);
  const extra: MmsSendResult['extra'] = {};
  for (const [key, value] of Object.entries(source)) {
    if (!known.has(key)) extra[key] = toJsonValue(value);
  }
  return { accepted: readNumber(source.success), rejected: readNumber(source.fail), messages, extra };
}
