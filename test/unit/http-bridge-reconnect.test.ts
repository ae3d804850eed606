/// <reference lib="dom" />
/** Browser mode: when the host drops the event stream, the page is told it may have missed updates. */
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpBridge } from '../../src/renderer/src/lib/http-bridge';
import type { AppNotice } from '../../src/shared/contract';

class FakeEventSource {
  static last: FakeEventSource | null = null;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(): void {}
}

describe('the browser bridge after a dropped event stream', () => {
  const original = (globalThis as { EventSource?: unknown }).EventSource;
  afterEach(() => {
    (globalThis as { EventSource?: unknown }).EventSource = original;
  });

  it('tells the page once the stream is back, and not on the first connection', () => {
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
    const bridge = createHttpBridge({ hash: '#token=t' } as unknown as Parameters<typeof createHttpBridge>[0]);
    const notices: AppNotice[] = [];
    bridge.onNotice((notice) => notices.push(notice));
    const source = FakeEventSource.last;
    source?.onopen?.();
    expect(notices).toEqual([]);
    source?.onerror?.();
    source?.onopen?.();
    expect(notices).toEqual([{ kind: 'events-interrupted', message: expect.stringMatching(/interrupted.*load again/i), said: { key: 'errors_events_interrupted' } }]);
  });
});
