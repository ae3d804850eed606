import type { AppNotice } from '../../../shared/contract';
import type { RetentionDecision } from '../../../shared/methods/archive';
import { bridge } from './bridge';

/** What main tells outside any call (e.g. the clock correction): the latest one, until dismissed. */
class Notices {
  current = $state<AppNotice | null>(null);
  /** True while a held prune's Remove them or Keep them is being answered. */
  deciding = $state(false);
  private listening = false;

  listen(): void {
    if (this.listening) return;
    this.listening = true;
    bridge.onNotice((notice) => (this.current = notice));
  }

  dismiss(): void {
    this.current = null;
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
