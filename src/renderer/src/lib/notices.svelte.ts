import type { AppNotice } from '../../../shared/contract';
import type { RetentionDecision } from '../../../shared/methods/archive';
import { bridge } from './bridge';

/** What main tells outside any call (e.g. the clock correction): the latest one, until dismissed. */
class Notices {
  current = $state<AppNotice | null>(null);
  /** True while a held prune's Remove them or Keep them is being answered. */
  deciding = $state(false);
  private listening = false;
  /** The settings notice was dismissed and no save has gone through since. */
  private settingsHeld = false;

  listen(): void {
    if (this.listening) return;
    this.listening = true;
    bridge.onNotice((notice) => (this.current = notice));
  }

  dismiss(): void {
    if (this.current?.kind === 'settings') this.settingsHeld = true;
    this.current = null;
  }

  /**
   * A screen's settings the disk refused. Once that notice is dismissed it is not said again
   * until a save succeeds: on a full disk every save fails alike, and each would bring it back.
   */
  settingsNotSaved(notice: AppNotice): void {
    if (!this.settingsHeld) this.current = notice;
  }

  /** A save went through, and with it every setting kept since the refusal (main keeps them for the next write). */
  settingsSaved(): void {
    this.settingsHeld = false;
    if (this.current?.kind === 'settings') this.current = null;
  }

  /**
   * Answers the held prune the notice offers: what was done (or why not) replaces it. Keep
   * them simply dismisses it; the next sync asks again if the retention still would.
   */
  async decide(decision: RetentionDecision): Promise<void> {
    const notice = this.current;
    if (!notice?.heldPrune || this.deciding) return;
    this.deciding = true;
    try {
      const { profileId, operation } = notice.heldPrune;
      const result = await bridge.decideRetention({ profileId, operation, decision });
      if (this.current !== notice) return;
      if (!result.ok) this.current = { kind: 'archive', message: result.error.message, ...(result.error.said ? { said: result.error.said } : {}) };
      else this.current = result.value.message ? { kind: 'archive', message: result.value.message } : null;
    } finally {
      this.deciding = false;
    }
  }
}

export const notices = new Notices();
