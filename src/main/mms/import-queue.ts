/**
 * Recipient files are read one at a time, in the order asked: each read is a worker thread
 * allowed a large heap, so several at once would add up in main's memory and starve each
 * other past their time limit. A few may wait their turn; more are refused at once.
 */
import { m } from '../../shared/i18n';
import { fail, type Result } from '../../shared/result';

export const MAX_WAITING_IMPORTS = 4;

export class ImportQueue {
  private running = false;
  private closed = false;
  private readonly waiting: ((turn: boolean) => void)[] = [];

  constructor(private readonly maxWaiting: number = MAX_WAITING_IMPORTS) {}

  /** Runs `read` once every earlier one has ended; refused when too many wait already, or once closed. */
  async run<T>(read: () => Promise<Result<T>>): Promise<Result<T>> {
    if (this.closed) return fail('closing', m.mms_import_closing());
    if (this.running) {
      if (this.waiting.length >= this.maxWaiting) return fail('import-busy', m.mms_import_busy());
      const turn = await new Promise<boolean>((resolve) => this.waiting.push(resolve));
      if (!turn) return fail('closing', m.mms_import_closing());
    }
    this.running = true;
    try {
      return await read();
    } finally {
      this.handOn();
    }
  }

  /** Gives up every read still waiting (the services are closing); the one running ends by itself. */
  close(): void {
    this.closed = true;
    for (const giveUp of this.waiting.splice(0)) giveUp(false);
  }

  /** The turn passes straight to the next in line, so a read asked meanwhile cannot slip in before it. */
  private handOn(): void {
    const next = this.waiting.shift();
    if (next) next(true);
    else this.running = false;
  }
}
