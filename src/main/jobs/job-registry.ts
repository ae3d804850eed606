import { randomUUID } from 'node:crypto';

export interface Job {
  id: string;
  signal: AbortSignal;
}

/** Running jobs by id, so the renderer can cancel one; finished jobs remove themselves. */
export class JobRegistry {
  private readonly running = new Map<string, AbortController>();

  start(): Job {
    const id = randomUUID();
    const controller = new AbortController();
    this.running.set(id, controller);
    return { id, signal: controller.signal };
  }

  finish(id: string): void {
    this.running.delete(id);
  }

  cancel(id: string): boolean {
    const controller = this.running.get(id);
    controller?.abort();
    return controller !== undefined;
  }

  cancelAll(): void {
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
  }
}
