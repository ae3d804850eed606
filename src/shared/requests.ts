/**
 * What the ten operations take, as the client's callers write them. The client
 * validates these (src/shared/validation) and sends them in the platform's shape.
 * Ids the platform declares as Integer may be given as a number or as digit text,
 * since records carry ids as text.
 */
import type { FsNode } from './platform';

export type IntegerId = number | string;

export interface PageRequest<P> {
  /** Page number, from 1. */
  current: number;
  /** Page size, 1-100. */
  size: number;
  params: P;
}

/** ISO 8601 with offset, e.g. `2026-11-01T00:00:00+08:00`; at most 31 days (voice: within the last two months). */
export interface RecordWindowParams {
  strTime: string;
  endTime: string;
}

export interface TaskDetailParams {
  taskId: IntegerId;
  called?: string;
  sipGroupId?: IntegerId;
  seatId?: IntegerId[];
  labelNames?: string[];
  remark?: string;
  /** Values 1, 5, 7, 9 (TASK_ROW_STATUS_LABELS). */
  statusList?: number[];
}

export interface SeatParams {
  /** 0 enabled, 1 disabled. */
  enable?: number;
  name?: string;
  voiceGroupId?: IntegerId;
  /** 1-5 (SEAT_STATUS_LABELS). The spec gives seats no time filter. */
  status?: number;
}

export interface TeamLeaderParams {
  enable?: number;
  name?: string;
  voiceGroupIdList?: IntegerId[];
}

export interface AppFilterParams {
  appId?: string;
}

export interface SeatGroupReadRequest {
  voiceGroupId: IntegerId;
}

/**
 * The platform clears every optional setting that is left out, so send the whole
 * settings (read them first, change what the user changed). `null` clears on purpose.
 */
export interface SeatGroupEditRequest {
  voiceGroupId: IntegerId;
  /** 1-4 (CALLIN_STRATEGY_LABELS). */
  callinStrategy?: number | null;
  timeoutTransferSec?: number | null;
  callinAutoAnswerSec?: number | null;
  wrapUpTime?: number | null;
  timeoutIdle?: number | null;
  timeoutWaitSec?: number | null;
  turnSeatRing?: string | null;
  /** At most 10, unique, each 1-20 characters; replaces the stored list. */
  labelName?: string[] | null;
  /** 0 on, 1 off. */
  displaySwitch: number;
  /** 0 on, 1 off. */
  encryptNumber: number;
  fsNode?: FsNode | null;
}

export type MmsType = '1' | '2';

export interface MmsSendRequest {
  appId: string;
  /** Comma-separated text or a list; 1-1000 numbers. */
  numbers: string | string[];
  /** 1-1024 characters; with mmsType '2', at most one billed message unit. */
  content: string;
  /** '1' subject from the content, '2' generated subject. */
  mmsType: MmsType;
  /** Attachment ids (from the upload operation), comma-separated text or a list; at most 3. */
  mmsFiles?: string | string[];
  /** At most 80 characters. */
  mmsTitle?: string;
}
