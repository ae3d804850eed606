import type { Window } from '../../reports/calendar';

export type { Window };

/** The export's window when it has one, else the span of the row times seen. */
export class TimeSpan {
  private earliest = Number.POSITIVE_INFINITY;
  private latest = Number.NEGATIVE_INFINITY;

  constructor(private readonly given: Window | null) {}

  see(timeMs: number): void {
    if (timeMs < this.earliest) this.earliest = timeMs;
    if (timeMs > this.latest) this.latest = timeMs;
  }

  window(): Window {
    if (this.given) return this.given;
    if (this.earliest > this.latest) return { fromMs: 0, toMs: 0 };
    return { fromMs: this.earliest, toMs: this.latest + 1 };
  }
}
