import type { AppError, Result } from '../../../shared/result';

/**
 * One profile's settings as an Accounts panel edits them (archive, schedule): main's status
 * of them, what is typed (the draft), and the last problem. An answer about a profile no
 * longer shown is dropped, its settings not being the shown one's; a status read again keeps
 * what was typed and not saved, and a save's answer shows what was saved.
 */
export class ProfileSettings<S, D> {
  status = $state<S | null>(null);
  problem = $state<AppError | null>(null);
  draft: D;

  constructor(
    /** The profile shown now. */
    private readonly shown: () => string,
    /** The draft of what a status says is saved. */
    private readonly draftOf: (status: S) => D,
    /** Whether a draft differs from what a status says is saved. */
    private readonly differs: (draft: D, status: S) => boolean,
    first: D,
  ) {
    this.draft = $state(first);
  }

  /** Whether what is typed differs from what is saved (false until a status arrives). */
  get changed(): boolean {
    return this.status !== null && this.differs(this.draft, this.status);
  }

  /** Another profile is shown: nothing of the one before stays, to be typed over until that one's status arrives. */
  clear(): void {
    this.status = null;
    this.problem = null;
  }

  /** Shows an answer about profile `id`, unless another is shown now. `keepTyped`: what was typed and not saved stays as typed. */
  showFor(id: string, result: Result<S>, { keepTyped }: { keepTyped: boolean }): void {
    if (id !== this.shown()) return;
    if (!result.ok) {
      this.problem = result.error;
      return;
    }
    const keep = keepTyped && this.changed;
    this.problem = null;
    this.status = result.value;
    if (!keep) this.draft = this.draftOf(result.value);
  }
}
