/** What a send looks like to the renderer: its batches, their state, and the per-number results. */
import { m, type Label } from '../i18n';
import type { MmsType } from '../requests';

/**
 * - `not-sent`: never attempted (a later batch after a stop, or the app stopped first).
 * - `sending`: the request is under way right now.
 * - `sent`: the platform answered (some numbers may still be rejected).
 * - `failed`: a definite failure: the platform refused it or it never left this computer.
 * - `outcome-unknown`: the request may have reached the platform; check before resending.
 */
export type MmsBatchStatus = 'not-sent' | 'sending' | 'sent' | 'failed' | 'outcome-unknown';

export interface MmsBatchError {
  code: string;
  message: string;
  detail?: string;
}

export interface MmsBatchView {
  /** 1-based. */
  batch: number;
  size: number;
  status: MmsBatchStatus;
  /** `sending` by another window's process or another app on the same data folder: it cannot be sent from here. */
  elsewhere: boolean;
  /**
   * An attempt's outcome was unknown at some point: the messages may have gone out, so any
   * further send of this batch needs the user's acknowledgement, even after a definite failure.
   */
  everUnknown: boolean;
  /** Attempts made (a deliberate resend adds one). */
  attempts: number;
  accepted: number | null;
  rejected: number | null;
  error: MmsBatchError | null;
  /** Epoch ms of the last attempt's start. */
  lastAttemptAt: number | null;
}

export type MmsSendStatus = 'sending' | 'completed' | 'attention';

/** What a send was to be, as confirmed: the same in the journal and in every view of it. */
export interface MmsSendPlan {
  sendId: string;
  /** Epoch ms when the send was confirmed. */
  at: number;
  profileId: string;
  profileName: string;
  appId: string;
  mmsType: MmsType;
  mmsTitle: string | null;
  mmsFiles: string | null;
}

export interface MmsSendSummary extends MmsSendPlan {
  contentPreview: string;
  recipients: number;
  batches: MmsBatchView[];
  status: MmsSendStatus;
  accepted: number;
  rejected: number;
}

/** `not-given`: the platform answered with counts only (or counts and list disagree): no per-number result. */
export type MmsNumberOutcome =
  'accepted' | 'rejected' | 'not-given' | 'failed' | 'unknown' | 'not-sent' | 'sending';

export interface MmsResultRow {
  number: string;
  batch: number;
  outcome: MmsNumberOutcome;
  msgId: string | null;
  /** The failure or what to do, for a person. */
  detail: string;
}

export interface MmsSendDetail extends MmsSendSummary {
  content: string;
  rows: MmsResultRow[];
}

/** Read in the language of the moment: `BATCH_STATUS_LABELS.sent()`. */
export const BATCH_STATUS_LABELS: Record<MmsBatchStatus, Label> = {
  'not-sent': m.mms_batch_not_sent,
  sending: m.mms_batch_sending,
  sent: m.mms_batch_sent,
  failed: m.mms_batch_failed,
  'outcome-unknown': m.mms_batch_outcome_unknown,
};

/** Read in the language of the moment: `OUTCOME_LABELS.accepted()`. */
export const OUTCOME_LABELS: Record<MmsNumberOutcome, Label> = {
  accepted: m.mms_outcome_accepted,
  rejected: m.mms_outcome_rejected,
  'not-given': m.mms_outcome_not_given,
  failed: m.mms_outcome_failed,
  unknown: m.mms_outcome_unknown,
  'not-sent': m.mms_outcome_not_sent,
  sending: m.mms_outcome_sending,
};

/** Whether a send is over with nothing left to do: every batch sent and every recipient accepted. */
export function everyRecipientAccepted(send: Pick<MmsSendSummary, 'status' | 'recipients' | 'accepted' | 'rejected'>): boolean {
  return send.status === 'completed' && send.rejected === 0 && send.accepted === send.recipients;
}

/** What a batch's status means for the person looking at it now. */
export function batchStatusLabel(batch: Pick<MmsBatchView, 'status' | 'elsewhere' | 'everUnknown'>): string {
  if (batch.status === 'sending' && batch.elsewhere) return m.mms_batch_elsewhere();
  if (batch.status === 'failed' && batch.everUnknown) return m.mms_batch_failed_after_unknown();
  return BATCH_STATUS_LABELS[batch.status]();
}

/** The first characters of the content, for lists and the journal. */
export function contentPreview(content: string, length = 80): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : flat;
}
