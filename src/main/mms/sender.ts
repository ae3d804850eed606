/**
 * Sends an MMS to its batches strictly one after another. Each call is journaled
 * before it is made and after it answers; nothing is retried. Sending stops at the
 * first batch that does not go through (failed or outcome unknown): the batches
 * after it wait for the user, so a failing connection never turns into a string of
 * unknowns, and nothing goes out that the user has not seen the state of.
 */
import type { PlatformClient } from '../api';
import { cleanRecipients } from '../../shared/mms/recipients';
import { checkComposer, normaliseFiles, requestFor, type MmsDraft } from '../../shared/mms/composer';
import { contentPreview, type MmsBatchError, type MmsSendDetail, type MmsSendSummary } from '../../shared/mms/records';
import type { SendMmsRequest } from '../../shared/methods/mms';
import { LIMITS } from '../../shared/platform';
import { fail, ok, type AppError, type Result } from '../../shared/result';
import { validateMmsSend } from '../../shared/validation';
import type { Logger } from '../log';
import type { MmsHistory, SendState } from './history';
import type { NewEntry } from './journal';

export interface SendTarget {
  client: PlatformClient;
  profileId: string;
  profileName: string;
}

export interface MmsSenderOptions {
  history: MmsHistory;
  log: Logger;
  emit: (summary: MmsSendSummary) => void;
  /** Per-request timeout for a send; undefined: the client's own. */
  timeoutMs?: () => number | undefined;
  now?: () => number;
}

const SEND_ID = /^[A-Za-z0-9-]{8,64}$/;

export class MmsSender {
  /** Sends with a run under way in this process: one at a time per send. */
  private readonly running = new Set<string>();
  private readonly now: () => number;

  constructor(private readonly options: MmsSenderOptions) {
    this.now = options.now ?? Date.now;
  }

  isRunning(sendId: string): boolean {
    return this.running.has(sendId);
  }

  /** Checks everything before anything is written or sent. */
  check(request: SendMmsRequest): Result<null> {
    if (!SEND_ID.test(request.sendId)) return fail('bad-request', 'The send has no valid id.');
    if (this.running.has(request.sendId) || this.options.history.has(request.sendId)) {
      return fail('already-sent', 'This send was already started, and a send is never made twice. Open it in History to see how it went.');
    }
    const { batches } = request;
    if (batches.length === 0 || batches.some((batch) => batch.length === 0 || batch.length > LIMITS.mmsMaxRecipients)) {
      return fail('validation', `Each batch must hold 1 to ${LIMITS.mmsMaxRecipients} recipients.`);
    }
    const cleaned = cleanRecipients(batches.flat());
    if (cleaned.rejected.length > 0) {
      return fail('validation', 'The recipients must be cleaned first: some are invalid or repeated.', cleaned.rejected[0].entry);
    }
    const { fields } = checkComposer(request.draft, cleaned);
    if (Object.keys(fields).length > 0) {
      return { ok: false, error: { code: 'validation', message: 'Fix the message before sending.', fields } };
    }
    // The batches as given, each exactly as the client will check it.
    for (const batch of batches) {
      const checked = validateMmsSend(requestFor(request.draft, batch));
      if (!checked.ok) return { ok: false, error: checked.error };
    }
    return ok(null);
  }

  async send(request: SendMmsRequest, target: SendTarget): Promise<Result<MmsSendDetail>> {
    const checked = this.check(request);
    if (!checked.ok) return checked;
    const { sendId, draft, batches } = request;
    this.running.add(sendId);
    try {
      const planned = this.write({
        kind: 'send',
        sendId,
        at: this.now(),
        profileId: target.profileId,
        profileName: target.profileName,
        appId: draft.appId.trim(),
        mmsType: draft.mmsType,
        mmsTitle: draft.mmsTitle.trim() === '' ? null : draft.mmsTitle,
        mmsFiles: draft.mmsFiles.trim() === '' ? null : normaliseFiles(draft.mmsFiles),
        content: draft.content,
        batches,
      });
      if (!planned.ok) return planned;
      this.emit(sendId);
      for (let index = 0; index < batches.length; index++) {
        const outcome = await this.sendBatch(sendId, index + 1, target.client);
        if (!outcome.ok) return outcome;
        if (outcome.value !== 'sent') break;
      }
    } finally {
      this.running.delete(sendId);
    }
    this.emit(sendId);
    return this.detail(sendId);
  }

  /** One batch again, as the user's deliberate action. */
  async resend(
    sendId: string,
    batch: number,
    acknowledgeUnknown: boolean,
    target: (profileId: string) => Promise<SendTarget>,
  ): Promise<Result<MmsSendDetail>> {
    const send = this.options.history.get(sendId);
    if (!send) return fail('not-found', 'That send is not in the history.');
    const state = send.batches[batch - 1];
    if (!state) return fail('not-found', `That send has no batch ${batch}.`);
    if (this.running.has(sendId)) return fail('busy', 'This send is still going out. Wait until it has finished.');
    if (state.status === 'sent') return fail('already-sent', `Batch ${batch} was sent already, and a batch is never sent twice.`);
    if (state.status === 'outcome-unknown' && !acknowledgeUnknown) {
      return fail(
        'needs-confirmation',
        `The outcome of batch ${batch} is unknown: it may have gone out. Check the sent messages on the platform, then confirm that you want to send it again.`,
      );
    }
    const { client } = await target(send.plan.profileId);
    this.running.add(sendId);
    try {
      const outcome = await this.sendBatch(sendId, batch, client);
      if (!outcome.ok) return outcome;
    } finally {
      this.running.delete(sendId);
    }
    this.emit(sendId);
    return this.detail(sendId);
  }

  private async sendBatch(
    sendId: string,
    batch: number,
    client: PlatformClient,
  ): Promise<Result<'sent' | 'failed' | 'outcome-unknown'>> {
    const send = this.options.history.get(sendId) as SendState;
    const state = send.batches[batch - 1];
    const attempt = state.attempts + 1;
    const base = { kind: 'batch', sendId, batch, attempt } as const;
    // On disk before the request leaves: if this write fails, nothing is sent.
    const announced = this.write({
      ...base,
      at: this.now(),
      phase: 'about-to-send',
      appId: send.plan.appId,
      mmsType: send.plan.mmsType,
      numbers: state.numbers,
      contentPreview: contentPreview(send.plan.content),
    });
    if (!announced.ok) return announced;
    this.emit(sendId);

    const request = requestFor(draftOf(send), state.numbers);
    let answer: NewEntry;
    try {
      const result = await client.mmsSend(request, { timeoutMs: this.options.timeoutMs?.() });
      if (result.ok) {
        answer = {
          ...base,
          at: this.now(),
          phase: 'answered',
          accepted: result.value.accepted,
          rejected: result.value.rejected,
          messages: result.value.messages.map(({ msgId, number }) => ({ msgId, number })),
        };
      } else {
        const phase = result.error.code === 'outcome-unknown' ? 'outcome-unknown' : 'failed';
        answer = { ...base, at: this.now(), phase, error: batchError(result.error) };
      }
    } catch (error) {
      this.options.log.error('MMS send crashed after the request was prepared', error);
      answer = {
        ...base,
        at: this.now(),
        phase: 'outcome-unknown',
        error: { code: 'outcome-unknown', message: 'Something went wrong while the batch was being sent: it may or may not have gone out. Check before resending.' },
      };
    }
    try {
      this.options.history.record(answer);
    } catch (error) {
      this.options.log.error('MMS journal: the answer could not be written', error);
      this.options.history.applyUnsaved(answer);
    }
    this.emit(sendId);
    return ok(answer.phase === 'answered' ? 'sent' : (answer.phase as 'failed' | 'outcome-unknown'));
  }

  private write(entry: NewEntry): Result<null> {
    try {
      this.options.history.record(entry);
      return ok(null);
    } catch (error) {
      this.options.log.error('MMS journal write failed', error);
      return fail(
        'journal',
        'The send journal could not be written, so nothing was sent. Check the disk space and permissions of the app data folder.',
        error instanceof Error ? error.message : undefined,
      );
    }
  }

  private emit(sendId: string): void {
    const summary = this.options.history.summary(sendId);
    if (summary) this.options.emit(summary);
  }

  private detail(sendId: string): Result<MmsSendDetail> {
    const detail = this.options.history.detail(sendId);
    return detail ? ok(detail) : fail('not-found', 'That send is not in the history.');
  }
}

function draftOf(send: SendState): MmsDraft {
  const { plan } = send;
  return {
    appId: plan.appId,
    content: plan.content,
    mmsType: plan.mmsType,
    mmsTitle: plan.mmsTitle ?? '',
    mmsFiles: plan.mmsFiles ?? '',
  };
}

function batchError(error: AppError): MmsBatchError {
  return error.detail === undefined
    ? { code: error.code, message: error.message }
    : { code: error.code, message: error.message, detail: error.detail };
}
