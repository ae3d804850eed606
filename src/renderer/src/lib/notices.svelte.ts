import type { AppNotice } from '../../../shared/contract';
import { bridge } from './bridge';

/** What main tells outside any call (e.g. the clock correction): the latest one, until dismissed. */
class Notices {
  current = $state<AppNotice | null>(null);
  private listening = false;

  listen(): void {
    if (this.listening) return;
    this.listening = true;
    bridge.onNotice((notice) => (this.current = notice));
  }

  dismiss(): void {
    this.current = null;
  }
}

export const notices = new Notices();
