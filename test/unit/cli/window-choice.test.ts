/** --from/--to are a half-open window: --to is not taken in, so consecutive daily reports never share a record. */
import { describe, expect, it } from 'vitest';
import { windowChoice } from '../../../src/main/cli/connection-options';

describe('--from and --to', () => {
  it('end a second before --to, in the offset --to was written in', () => {
    const window = windowChoice({ from: '2026-11-01T00:00:00+08:00', to: '2026-11-02T00:00:00+08:00' });
    expect(window?.endTime).toBe('2026-11-01T23:59:59+08:00');
    expect(window?.toMs).toBe(Date.parse('2026-11-02T00:00:00+08:00'));
    expect(windowChoice({ from: '2026-11-01T00:00:00Z', to: '2026-11-01T06:30:00-05:00' })?.endTime).toBe('2026-11-01T06:29:59-05:00');
  });

  it('refuse a window that ends where it starts, or before', () => {
    expect(() => windowChoice({ from: '2026-11-01T00:00:00Z', to: '2026-11-01T08:00:00+08:00' })).toThrow(/at least two seconds later/);
    expect(() => windowChoice({ from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' })).toThrow(/at least two seconds later/);
  });
});
