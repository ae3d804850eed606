/**
 * The MMS screen's state, kept here so a draft and a send under way survive moving
 * to another screen and back. One send at a time; the confirmation makes the send
 * id, and main refuses a second call with it, so one click sends once.
 */
import { splitIntoBatches } from '../../../shared/mms/batches';
import { checkComposer, isSendable, type ComposerCheck, type MmsDraft } from '../../../shared/mms/composer';
import { withoutRepeats, type MmsRepeat } from '../../../shared/mms/repeats';
import { everyRecipientAccepted, type MmsSendDetail, type MmsSendSummary } from '../../../shared/mms/records';
import { cleanRecipientText, type CleanedRecipients } from '../../../shared/mms/recipients';
import type { MmsType } from '../../../shared/requests';
import type { AppError } from '../../../shared/result';
import { bridge } from './bridge';
import { profileName } from './profile-form';
import { session } from './session.svelte';

export interface PendingSend {
  sendId: string;
  draft: MmsDraft;
  /** Every cleaned number of the draft. */
  numbers: string[];
  /** Sends of this message in the last 24 hours that hold some of these numbers. */
  repeats: MmsRepeat[];
  /** The profile the confirmation names, and the one the send goes out through. */
  profileId: string | null;
  profileName: string;
}

export type RepeatChoice = 'skip' | 'send-again';

/** A send every recipient accepted, after which the form was emptied: what the notice says went out. */
export interface ClearedAfterSend {
  sendId: string;
  recipients: number;
  contentPreview: string;
}

class MmsState {
  tab = $state<'compose' | 'history'>('compose');

  appId = $state('');
  /** True once the user typed an app id: the profile's default no longer replaces it. */
  appIdTouched = $state(false);
  recipientsText = $state('');
  content = $state('');
  mmsType = $state<MmsType>('1');
  mmsTitle = $state('');
  mmsFiles = $state('');
  /** Field errors show once the user tried to send (or left the field). */
  attempted = $state(false);

  pending = $state<PendingSend | null>(null);
  /** What to do with numbers an earlier send of this message holds: skipped unless the user says otherwise. */
  repeatChoice = $state<RepeatChoice>('skip');
  reviewing = $state(false);
  sending = $state(false);
  /** The send shown under the composer: live while it goes out, then its results. */
  current = $state<MmsSendDetail | null>(null);
  live = $state<MmsSendSummary | null>(null);
  error = $state<AppError | null>(null);
  /** Set when the last send went to every recipient and emptied the form; null once another starts. */
  cleared = $state<ClearedAfterSend | null>(null);

  readonly draft: MmsDraft = $derived({
    appId: this.appId,
    content: this.content,
    mmsType: this.mmsType,
    mmsTitle: this.mmsTitle,
    mmsFiles: this.mmsFiles,
  });
  readonly cleaned: CleanedRecipients = $derived(cleanRecipientText(this.recipientsText));
  readonly check: ComposerCheck = $derived(checkComposer(this.draft, this.cleaned));
  readonly sendable = $derived(isSendable(this.check));
  /** The batches the confirmation shows and sends. */
  readonly pendingBatches: string[][] = $derived(
    this.pending
      ? splitIntoBatches(this.repeatChoice === 'skip' ? withoutRepeats(this.pending.numbers, this.pending.repeats) : this.pending.numbers)
      : [],
  );

  private listening = false;
  private sendingId: string | null = null;

  listen(): void {
    if (this.listening) return;
    this.listening = true;
    bridge.onMmsProgress((summary) => {
      if (this.sendingId === summary.sendId) this.live = summary;
    });
  }

  /** The profile's default app id, until the user types one. */
  followProfile(defaultAppId: string | undefined): void {
    if (!this.appIdTouched) this.appId = defaultAppId ?? '';
  }

  /** Opens the confirmation (after asking main whether this message went to these numbers lately), or shows the field errors. */
  async review(): Promise<void> {
    this.attempted = true;
    this.error = null;
    if (!this.sendable || this.sending || this.reviewing) return;
    const draft = { ...this.draft };
    const numbers = this.check.batches.flat();
    this.reviewing = true;
    try {
      const repeats = await bridge.findMmsRepeats({ content: draft.content, numbers });
      if (!repeats.ok) {
        this.error = repeats.error;
        return;
      }
      this.repeatChoice = 'skip';
      this.pending = {
        sendId: crypto.randomUUID(),
        draft,
        numbers,
        repeats: repeats.value,
        profileId: session.profile?.id ?? null,
        profileName: session.profile ? profileName(session.profile) : '',
      };
    } finally {
      this.reviewing = false;
    }
  }

  cancel(): void {
    if (!this.sending) this.pending = null;
  }

  async send(): Promise<void> {
    const pending = this.pending;
    const batches = this.pendingBatches;
    if (!pending || this.sending || batches.length === 0) return;
    const repeatsSeen = this.repeatChoice === 'send-again' ? pending.repeats.map((repeat) => repeat.sendId) : [];
    this.sending = true;
    this.sendingId = pending.sendId;
    // The dialog closes at once so the batches' progress shows; the lock stays until the end.
    this.pending = null;
    this.current = null;
    this.live = null;
    this.error = null;
    this.cleared = null;
    try {
      const result = await bridge.sendMms({
        sendId: pending.sendId,
        ...(pending.profileId === null ? {} : { profileId: pending.profileId }),
        draft: pending.draft,
        batches,
        repeatsSeen,
      });
      if (result.ok) {
        this.current = result.value;
        if (everyRecipientAccepted(result.value)) this.clearSent(pending, result.value);
      } else this.error = result.error;
    } finally {
      this.sending = false;
    }
  }

  /**
   * After a send every recipient accepted, the recipients, content, subject and attachments go, so
   * the same message is not one confirmation away from going out twice (the app id and type stay,
   * as the next message likely shares them). Only while the form still holds what was sent: what
   * was typed during the send is kept. A send that failed in part or whole never gets here: the
   * form keeps everything for the resend.
   */
  private clearSent(pending: PendingSend, detail: MmsSendDetail): void {
    const draft = this.draft;
    const unchanged =
      (Object.keys(pending.draft) as (keyof MmsDraft)[]).every((key) => draft[key] === pending.draft[key]) &&
      this.check.batches.flat().join('\n') === pending.numbers.join('\n');
    if (!unchanged) return;
    this.recipientsText = '';
    this.content = '';
    this.mmsTitle = '';
    this.mmsFiles = '';
    this.attempted = false;
    this.cleared = { sendId: detail.sendId, recipients: detail.recipients, contentPreview: detail.contentPreview };
  }

  async resend(detail: MmsSendDetail, batch: number, acknowledgeUnknown: boolean): Promise<MmsSendDetail | AppError> {
    const result = await bridge.resendMmsBatch({ sendId: detail.sendId, batch, acknowledgeUnknown });
    if (!result.ok) return result.error;
    if (this.current?.sendId === detail.sendId) this.current = result.value;
    return result.value;
  }

  addRecipients(values: readonly string[]): void {
    const joined = values.join('\n');
    this.recipientsText = this.recipientsText.trim() === '' ? joined : `${this.recipientsText.replace(/\s+$/, '')}\n${joined}`;
  }
}

export const mms = new MmsState();
