/**
 * Sends an MMS to its batches strictly one after another. Each batch is claimed in
 * the journal under a lock that holds across processes (the state read from disk,
 * the claim fsync'ed) before its request leaves, and its answer journaled after;
 * the claim is the check, so two windows or processes never both send a batch.
 * Nothing is retried. Sending stops at the
 * first batch that does not go through (failed or outcome unknown): the batches
 * after it wait for the user, so a failing connection never turns into a string of
 * unknowns, and nothing goes out that the user has not seen the state of.
 */
import type { PlatformClient } from '../api';
import { cleanRecipients } from '../../shared/mms/recipients';
import { checkComposer, normaliseFiles, requestFor, type MmsDraft } from '../../shared/mms/composer';
import { contentPreview, type MmsBatchError, type MmsSendDetail, type MmsSendSummary } from '../../shared/mms/records';
import type { SendMmsRequest } from '../../shared/methods/mms';
import { writeFailureKind } from '../../shared/errors';
import { m } from '../../shared/i18n';
import { fail, failWith, ok, type AppError, type Result } from '../../shared/result';
import { validateMmsSend } from '../../shared/validation';
import type { Logger } from '../log';
import { batchesRefusal } from './batch-check';
import type { MmsHistory, SendState } from './history';
import type { NewEntry } from './journal';
import { JournalLock, JournalLockTimeout } from './journal-lock';

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
  /** Default: a lock file beside the journal. */
  lock?: JournalLock;
  /** Run under the lock before a new send is planned: refuses a repeat the user has not seen. */
  checkRepeat?: (request: SendMmsRequest) => Result<null>;
}

interface ClaimMode {
  /** The user confirmed that a batch of unknown outcome did not go out. */
  acknowledgeUnknown: boolean;
  /** The next batch of this process's own run (not a user's resend). */
  partOfRun: boolean;
}

const SEND_ID = /^[A-Za-z0-9-]{8,64}$/;

export class MmsSender {
  /** Sends with a run under way in this process. */
  private readonly running = new Set<string>();
  private readonly now: () => number;
  private readonly lock: JournalLock;

  constructor(private readonly options: MmsSenderOptions) {
    this.now = options.now ?? Date.now;
    this.lock = options.lock ?? new JournalLock(`${options.history.journalPath}.lock`);
  }

  isRunning(sendId: string): boolean {
    return this.running.has(sendId);
  }

  /** Checks everything before anything is written or sent. */
  check(request: SendMmsRequest): Result<null> {
    if (!SEND_ID.test(request.sendId)) return fail('bad-request', m.mms_send_bad_id());
    if (this.running.has(request.sendId) || this.options.history.has(request.sendId)) return alreadyStarted();
    const { batches } = request;
    const refused = batchesRefusal(batches);
    if (refused !== null) return failWith(refused);
    const { fields } = checkComposer(request.draft, cleanRecipients(batches.flat()));
    if (Object.keys(fields).length > 0) {
      return { ok: false, error: { code: 'validation', message: m.mms_send_fix_message(), fields } };
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
    /** Why a batch could not be claimed (the journal failed, or another window or process took it). */
    let unclaimed: Result<never> | null = null;
    try {
      const planned = await this.underLock(() => {
        // Read again under the lock: another process may have started this very send.
        if (this.options.history.has(sendId)) return alreadyStarted();
        const repeat = this.options.checkRepeat?.(request);
        if (repeat && !repeat.ok) return repeat;
        return this.write({
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
      });
      if (!planned.ok) return planned;
      this.emit(sendId);
      for (let index = 0; index < batches.length; index++) {
        const outcome = await this.sendBatch(sendId, index + 1, { acknowledgeUnknown: false, partOfRun: true }, target.client);
        if (!outcome.ok) {
          unclaimed = outcome;
          break;
        }
        if (outcome.value !== 'sent') break;
      }
    } finally {
      this.running.delete(sendId);
    }
    this.emit(sendId);
    return unclaimed ?? this.detail(sendId);
  }

  /** One batch again, as the user's deliberate action. */
  async resend(
    sendId: string,
    batch: number,
    acknowledgeUnknown: boolean,
    target: (profileId: string) => Promise<SendTarget>,
  ): Promise<Result<MmsSendDetail>> {
    const send = this.options.history.get(sendId);
    if (!send) return fail('not-found', m.mms_send_not_found());
    if (!send.batches[batch - 1]) return fail('not-found', m.mms_send_no_batch({ batch: String(batch) }));
    // Everything is decided again under the lock, after this wait: the claim is the check.
    const { client } = await target(send.plan.profileId);
    const outcome = await this.sendBatch(sendId, batch, { acknowledgeUnknown, partOfRun: false }, client);
    if (!outcome.ok) return outcome;
    this.emit(sendId);
    return this.detail(sendId);
  }

  /**
   * Claims the batch in the journal under the cross-process lock (its state read from
   * disk, its claim appended and fsync'ed), then sends it and journals the answer.
   */
  private async sendBatch(
    sendId: string,
    batch: number,
    how: ClaimMode,
    client: PlatformClient,
  ): Promise<Result<'sent' | 'failed' | 'outcome-unknown'>> {
    const history = this.options.history;
    const claimed = await this.underLock(() => this.claim(sendId, batch, how));
    if (!claimed.ok) return claimed;
    const { send, attempt, numbers } = claimed.value;
    const base = { kind: 'batch', sendId, batch, attempt } as const;
    let answer: NewEntry;
    try {
      this.emit(sendId);
      const result = await client.mmsSend(requestFor(draftOf(send), numbers), { timeoutMs: this.options.timeoutMs?.() });
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
        const phase = writeFailureKind(result.error) === 'refused' ? 'failed' : 'outcome-unknown';
        answer = { ...base, at: this.now(), phase, error: batchError(result.error, phase) };
      }
    } catch (error) {
      this.options.log.error('MMS send crashed after the request was prepared', error);
      answer = {
        ...base,
        at: this.now(),
        phase: 'outcome-unknown',
        error: { code: 'outcome-unknown', message: m.mms_send_crashed() },
      };
    }
    try {
      await this.lock.hold(() => history.record(answer));
    } catch (error) {
      this.options.log.error('MMS journal: the answer could not be written', error);
      history.applyUnsaved(answer);
    } finally {
      history.setInFlight(sendId, batch, false);
    }
    this.emit(sendId);
    return ok(answer.phase === 'answered' ? 'sent' : (answer.phase as 'failed' | 'outcome-unknown'));
  }

  /** Runs under the lock: decides from the journal on disk whether the batch may go, and claims it. */
  private claim(
    sendId: string,
    batch: number,
    { acknowledgeUnknown, partOfRun }: ClaimMode,
  ): Result<{ send: SendState; attempt: number; numbers: string[] }> {
    const history = this.options.history;
    const send = history.get(sendId);
    if (!send) return fail('not-found', m.mms_send_not_found());
    const states = send.batches.map((state, index) => history.batchNow(sendId, index, state));
    const now = states[batch - 1];
    if (!now) return fail('not-found', m.mms_send_no_batch({ batch: String(batch) }));
    if (states.some((state) => state.status === 'sending' && state.elsewhere)) {
      return fail('busy', m.mms_send_busy_elsewhere());
    }
    if (now.status === 'sending' || (!partOfRun && this.running.has(sendId))) {
      return fail('busy', m.mms_send_busy());
    }
    if (now.status === 'sent') return fail('already-sent', m.mms_send_batch_already_sent({ batch: String(batch) }));
    if ((now.status === 'outcome-unknown' || now.everUnknown) && !acknowledgeUnknown) {
      return fail('needs-confirmation', m.mms_send_needs_confirmation({ batch: String(batch) }));
    }
    const state = send.batches[batch - 1];
    const attempt = state.attempts + 1;
    const claimed = this.write({
      kind: 'batch',
      sendId,
      batch,
      attempt,
      at: this.now(),
      phase: 'about-to-send',
      owner: history.self,
      appId: send.plan.appId,
      mmsType: send.plan.mmsType,
      numbers: state.numbers,
      contentPreview: contentPreview(send.plan.content),
    });
    if (!claimed.ok) return claimed;
    history.setInFlight(sendId, batch, true);
    return ok({ send, attempt, numbers: state.numbers });
  }

  private async underLock<T>(critical: () => Result<T>): Promise<Result<T>> {
    try {
      return await this.lock.hold(critical);
    } catch (error) {
      this.options.log.error('MMS journal lock', error);
      if (error instanceof JournalLockTimeout) {
        return fail('journal-busy', m.mms_send_journal_busy());
      }
      return journalFailure(error);
    }
  }

  private write(entry: NewEntry): Result<null> {
    try {
      this.options.history.record(entry);
      return ok(null);
    } catch (error) {
      this.options.log.error('MMS journal write failed', error);
      return journalFailure(error);
    }
  }

  private emit(sendId: string): void {
    const summary = this.options.history.summary(sendId);
    if (summary) this.options.emit(summary);
  }

  private detail(sendId: string): Result<MmsSendDetail> {
    const detail = this.options.history.detail(sendId);
    return detail ? ok(detail) : fail('not-found', m.mms_send_not_found());
  }
}

function journalFailure(error: unknown): Result<never> {
  return fail(
    'journal',
    m.mms_send_journal_failed(),
    error instanceof Error ? error.message : undefined,
  );
}

function alreadyStarted(): Result<never> {
  return fail('already-sent', m.mms_send_already_started());
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

function batchError(error: AppError, phase: 'failed' | 'outcome-unknown'): MmsBatchError {
  // A platform status that does not prove a refusal (a -18) may have been applied: say so.
  const message =
    phase === 'outcome-unknown' && error.code !== 'outcome-unknown'
      ? m.mms_send_maybe_sent({ message: error.message })
      : error.message;
  return error.detail === undefined ? { code: error.code, message } : { code: error.code, message, detail: error.detail };
}
