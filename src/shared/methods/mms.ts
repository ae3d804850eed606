import type { MmsSendDetail, MmsSendSummary } from '../mms/records';
import type { MmsRepeat } from '../mms/repeats';
import * as p from '../parse';
import { MMS_TYPES } from '../platform';
import { event, method } from './define';

const draft = p.object({
  appId: p.string,
  content: p.string,
  mmsType: p.oneOf(MMS_TYPES),
  mmsTitle: p.string,
  mmsFiles: p.string,
});

const sendRequest = p.object({
  /** Made by the renderer when the confirmation opens: a second call with the same id is refused. */
  sendId: p.string,
  /**
   * The profile the confirmation named: the send goes out through it, even if another window
   * made another profile active meanwhile. Left out: the active profile.
   */
  profileId: p.optional(p.string),
  draft,
  /** The cleaned numbers, batched as the confirmation showed them. */
  batches: p.arrayOf(p.arrayOf(p.string)),
  /**
   * Earlier sends of this message the review showed and the user chose to send again to.
   * Any other earlier send holding these numbers, found when the send is claimed, refuses it.
   */
  repeatsSeen: p.optional(p.arrayOf(p.string)),
});

const repeatsRequest = p.object({ content: p.string, numbers: p.arrayOf(p.string) });

const resendRequest = p.object({
  sendId: p.string,
  /** 1-based. */
  batch: p.integer,
  /** Required for a batch whose outcome is unknown: the user says they checked it did not go out. */
  acknowledgeUnknown: p.optional(p.boolean),
});

export type SendMmsRequest = p.ParsedOf<typeof sendRequest>;
export type ResendMmsBatchRequest = p.ParsedOf<typeof resendRequest>;

export interface ImportedColumn {
  /** The header cell, or "Column A" when the first row holds data. */
  name: string;
  values: string[];
}

export interface ImportedRecipients {
  fileName: string;
  columns: ImportedColumn[];
  /** Data rows read (after the header). */
  rows: number;
  /** True when the file had more rows or columns than are taken. */
  truncated: boolean;
}

/** The largest recipients file read, of the file itself (it crosses the bridge as base64). */
export const MMS_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The same, in the megabytes the screen and the refusals name. */
export const MMS_IMPORT_MAX_MB = String(MMS_IMPORT_MAX_BYTES / (1024 * 1024));

export const mmsMethods = {
  /** Sends every batch, one after another, journaled before and after each call; never retried. */
  sendMms: method<SendMmsRequest, MmsSendDetail>(sendRequest),
  /** Sends ONE batch of an earlier send again, as a deliberate action. */
  resendMmsBatch: method<ResendMmsBatchRequest, MmsSendDetail>(resendRequest),
  /** Sends of the last 24 hours with this content that hold some of these numbers. */
  findMmsRepeats: method<p.ParsedOf<typeof repeatsRequest>, MmsRepeat[]>(repeatsRequest),
  listMmsHistory: method<undefined, MmsSendSummary[]>(p.nothing),
  getMmsSend: method<{ sendId: string }, MmsSendDetail>(p.object({ sendId: p.string })),
  /** Saves the per-number results; null when the user cancels the save dialog. */
  exportMmsResults: method<{ sendId: string; format: 'xlsx' | 'csv' }, { path: string } | null>(
    p.object({ sendId: p.string, format: p.oneOf(['xlsx', 'csv'] as const) }),
  ),
  /** Reads a .csv, .txt or .xlsx the user picked (its bytes as base64) in an isolated worker. */
  importMmsRecipients: method<{ fileName: string; dataBase64: string }, ImportedRecipients>(
    p.object({ fileName: p.string, dataBase64: p.string }),
  ),
} as const;

export const mmsEvents = {
  /** A batch of a send changed state. */
  mmsProgress: event<MmsSendSummary>(),
} as const;
