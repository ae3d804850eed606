import { platformStatusOf } from '../../../shared/errors';
import { m } from '../../../shared/i18n';
import type { SaveSeatGroupOutcome } from '../../../shared/methods/seat-groups';
import type { SeatGroupSettings } from '../../../shared/records';
import type { AppError } from '../../../shared/result';
import { diffValues, type FieldChange, saveMismatches } from '../../../shared/seat-groups/diff';
import { draftFrom, editedFields, readDraft, type SeatGroupDraft } from '../../../shared/seat-groups/draft';
import { placeSeatGroupError } from '../../../shared/seat-groups/errors';
import { rebaseEdits, valuesOf, type SeatGroupValues } from '../../../shared/seat-groups/values';
import { readPositiveId } from '../../../shared/validation';
import { bridge } from './bridge';

export type EditorDialog =
  | { kind: 'review' }
  /** The group changed on the server since it was loaded. */
  | { kind: 'conflict'; current: SeatGroupSettings; theirs: FieldChange[] };

/** A text of the app (read in the language of the moment when shown), or one main sent (already in it). */
export type NoticeText = string | (() => string);

export interface EditorNotice {
  tone: 'success' | 'warning';
  title: NoticeText;
  lines: NoticeText[];
}

/** The mismatch sentences of a save as lines, each read in the language on show. */
function mismatchLines(shouldHold: SeatGroupValues, held: SeatGroupSettings | null): NoticeText[] {
  return saveMismatches(shouldHold, held).map((_, index) => () => saveMismatches(shouldHold, held)[index] ?? '');
}

/** A notice's text as shown now. */
export function noticeText(text: NoticeText): string {
  return typeof text === 'function' ? text() : text;
}

/**
 * The seat-group screen's state: the group as the server holds it (last read), the
 * form, the errors where they belong, and the review → save → re-read flow.
 */
export class SeatGroupEditor {
  groupIdText = $state('');
  /** What the server held at the last read: the form's base, and what a save expects to find. */
  settings = $state<SeatGroupSettings | null>(null);
  draft = $state<SeatGroupDraft | null>(null);
  busy = $state<'load' | 'save' | null>(null);
  /** Counts reads, so an older read that answers late does not replace a newer one. */
  private loadRequests = 0;
  dialog = $state<EditorDialog | null>(null);
  /** A group to load once the user agrees to drop unsaved edits. */
  pendingLoad = $state<string | null>(null);
  pickerError = $state<string | null>(null);
  labelsError = $state<string | null>(null);
  serverFields = $state<Record<string, string>>({});
  formError = $state<AppError | null>(null);
  notice = $state<EditorNotice | null>(null);

  readonly loaded = $derived<SeatGroupValues | null>(this.settings ? valuesOf(this.settings) : null);
  readonly reading = $derived(
    this.draft && this.loaded && this.settings
      ? readDraft(this.draft, this.loaded, this.settings.voiceGroupId ?? this.groupIdText)
      : null,
  );
  readonly changes = $derived<FieldChange[]>(
    this.loaded && this.reading ? diffValues(this.loaded, this.reading.values) : [],
  );
  /** Unsaved edits, counted as typed: a field that does not read as a value yet is one too. */
  readonly unsaved = $derived<number>(
    Math.max(this.changes.length, this.draft && this.loaded ? editedFields(this.draft, draftFrom(this.loaded)).length : 0),
  );

  /** The profile the loaded group belongs to; another profile starts from scratch. */
  private profileId: string | null = null;
  /** Unsaved edits of a profile left for another, by profile id: shown again when it is chosen again. */
  private readonly kept = new Map<string, { groupIdText: string; settings: SeatGroupSettings; draft: SeatGroupDraft }>();

  /**
   * Puts the group away when the active profile changes (its groups are another account's):
   * unsaved edits wait for their profile and come back when it is chosen again.
   */
  followProfile(profileId: string | null): void {
    if (profileId === this.profileId) return;
    if (this.profileId !== null && this.settings && this.draft && this.unsaved > 0) {
      this.kept.set(this.profileId, { groupIdText: this.groupIdText, settings: this.settings, draft: this.draft });
    }
    this.profileId = profileId;
    this.settings = null;
    this.draft = null;
    this.dialog = null;
    this.pendingLoad = null;
    this.notice = null;
    this.clearErrors();
    const back = profileId === null ? undefined : this.kept.get(profileId);
    if (profileId !== null && back) {
      this.kept.delete(profileId);
      this.groupIdText = back.groupIdText;
      this.settings = back.settings;
      this.draft = back.draft;
      this.notice = { tone: 'warning', title: m.mms_sg_edits_back, lines: [] };
    }
  }

  errorFor(path: string): string | null {
    return this.serverFields[path] ?? this.reading?.fields[path] ?? null;
  }

  /** Loads a group; asks first when the form holds unsaved edits. */
  async load(idText: string = this.groupIdText, discardEdits = false): Promise<void> {
    this.groupIdText = idText.trim();
    const id = readPositiveId(this.groupIdText);
    if (id === null) {
      this.pickerError = m.mms_sg_picker_id_required();
      return;
    }
    if (!discardEdits && this.unsaved > 0) {
      this.pendingLoad = String(id);
      return;
    }
    this.pendingLoad = null;
    this.busy = 'load';
    const profileId = this.profileId;
    const request = ++this.loadRequests;
    const result = await bridge.readSeatGroup({ voiceGroupId: id, ...(profileId === null ? {} : { profileId }) });
    // Groups picked one after another: only the newest answer is shown.
    if (request !== this.loadRequests) return;
    this.busy = null;
    if (profileId !== this.profileId) return;
    this.clearErrors();
    this.notice = null;
    if (!result.ok) {
      this.show(result.error);
      return;
    }
    this.settings = result.value;
    this.draft = draftFrom(valuesOf(result.value));
  }

  /** Puts the form back to what the server held at the last read. */
  discardEdits(): void {
    if (this.loaded) this.draft = draftFrom(this.loaded);
    this.clearErrors();
  }

  /** Opens the list of changes, or says why it cannot. */
  review(): boolean {
    this.notice = null;
    if (!this.reading || this.busy) return false;
    if (this.reading.request === null) {
      this.formError = {
        code: 'validation',
        message: m.mms_sg_values_need_fixing(),
      };
      return false;
    }
    this.formError = null;
    if (this.changes.length === 0) {
      this.notice = { tone: 'success', title: m.mms_sg_nothing_to_save, lines: [] };
      return false;
    }
    this.dialog = { kind: 'review' };
    return true;
  }

  /** Sends the complete state; `against` is the server state the user has seen (after a conflict). */
  async save(against: SeatGroupSettings | null = null): Promise<void> {
    const request = this.reading?.request;
    const base = against ?? this.settings;
    if (!request || !base || this.busy) return;
    this.dialog = null;
    this.busy = 'save';
    const profileId = this.profileId;
    const result = await bridge.saveSeatGroup({
      ...(profileId === null ? {} : { profileId }),
      expected: valuesOf(base),
      next: request,
      overwrite: false,
    });
    this.busy = null;
    // Another profile chosen meanwhile: the form is that profile's now, and this group is not one of its groups.
    // Edits it kept for its return were saved: they are not brought back as unsaved.
    if (profileId !== this.profileId) {
      if (profileId !== null && result.ok && result.value.kind === 'saved') this.kept.delete(profileId);
      return;
    }
    this.clearErrors();
    if (!result.ok) {
      this.show(result.error);
      return;
    }
    this.settle(result.value);
  }

  /** After a conflict: keep the other person's changes and put this form's edits on top. */
  applyEditsOnTop(current: SeatGroupSettings): void {
    if (!this.loaded || !this.reading) return;
    const currentValues = valuesOf(current);
    const rebased = rebaseEdits(this.loaded, this.reading.values, currentValues);
    this.settings = current;
    this.draft = draftFrom(rebased, currentValues);
    this.dialog = null;
    this.review();
  }

  private settle(outcome: SaveSeatGroupOutcome): void {
    if (outcome.kind === 'conflict') {
      if (!this.loaded) return;
      this.dialog = { kind: 'conflict', current: outcome.current, theirs: diffValues(this.loaded, valuesOf(outcome.current)) };
      return;
    }
    if (outcome.kind === 'outcome-unknown') {
      // Keep the edits; the form's base becomes what the server holds, so the remaining diff shows what is missing.
      if (outcome.current) this.settings = outcome.current;
      const { current, shouldHold } = outcome;
      const applied = current !== null && saveMismatches(shouldHold, current).length === 0;
      const { error } = outcome;
      this.notice = {
        tone: 'warning',
        // A platform status (a -18) is an answer, not a lost connection: say which.
        title: platformStatusOf(error) === null ? m.mms_sg_unknown_title : () => m.mms_sg_unknown_status_title({ message: error.message }),
        lines: outcome.current === null
          ? [m.mms_sg_unknown_unread]
          : applied
            ? [m.mms_sg_unknown_applied]
            : [m.mms_sg_unknown_not_applied, ...mismatchLines(shouldHold, current), m.mms_sg_unknown_edits_kept],
      };
      if (applied && outcome.current) this.draft = draftFrom(valuesOf(outcome.current));
      return;
    }
    if (outcome.saved === null) {
      this.notice = {
        tone: 'warning',
        title: m.mms_sg_saved_unconfirmed,
        lines: [outcome.rereadError?.message ?? '', m.mms_sg_saved_reload].filter(Boolean),
      };
      return;
    }
    this.settings = outcome.saved;
    this.draft = draftFrom(valuesOf(outcome.saved));
    const { saved, shouldHold } = outcome;
    this.notice =
      saveMismatches(shouldHold, saved).length === 0
        ? { tone: 'success', title: m.mms_sg_saved, lines: [] }
        : {
            tone: 'warning',
            title: m.mms_sg_saved_mismatch,
            lines: mismatchLines(shouldHold, saved),
          };
  }

  private show(error: AppError): void {
    const placed = placeSeatGroupError(error);
    this.pickerError = placed.picker;
    this.labelsError = placed.labels;
    this.serverFields = placed.fields;
    this.formError = placed.form;
  }

  private clearErrors(): void {
    this.pickerError = null;
    this.labelsError = null;
    this.serverFields = {};
    this.formError = null;
  }
}

/** One editor for the app, so edits survive moving to another screen and back. */
export const seatGroupEditor = new SeatGroupEditor();
