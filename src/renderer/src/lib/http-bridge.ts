import {
  eventNames,
  methodNames,
  subscriptionName,
  type AppNotice,
  type Bridge,
  type EventName,
} from '../../../shared/contract';
import { m } from '../../../shared/i18n';
import { worded } from '../../../shared/i18n/said';
import { isSafeExternalUrl } from '../../../shared/links';
import { fail, type Result } from '../../../shared/result';

/** The contract over the browser harness: POST /rpc/<method>, events over /events. */
export function createHttpBridge(location: Location): Bridge {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let source: EventSource | null = null;

  function ensureEventStream(): void {
    if (source) return;
    source = new EventSource(`/events?token=${encodeURIComponent(token)}`);
    // The host drops a tab that falls far behind; EventSource reconnects by itself, but
    // what was sent meanwhile is gone, so the person is told rather than left with stale progress.
    let interrupted = false;
    source.onerror = () => {
      interrupted = true;
    };
    source.onopen = () => {
      if (!interrupted) return;
      interrupted = false;
      const notice: AppNotice = { kind: 'events-interrupted', ...worded({ key: 'errors_events_interrupted' }) };
      for (const listener of listeners.get('notice') ?? []) listener(notice);
    };
    for (const name of eventNames) {
      source.addEventListener(name, (message) => {
        const payload: unknown = JSON.parse((message as MessageEvent<string>).data);
        for (const listener of listeners.get(name) ?? []) listener(payload);
      });
    }
  }

  async function call(method: string, input: unknown): Promise<Result<unknown>> {
    try {
      const response = await fetch(`/rpc/${encodeURIComponent(method)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Switchboard-Token': token },
        body: JSON.stringify({ input }),
      });
      if (response.status === 403) {
        return fail('forbidden', m.errors_page_forbidden());
      }
      return (await response.json()) as Result<unknown>;
    } catch {
      return fail('harness-unreachable', m.errors_harness_unreachable());
    }
  }

  const bridge: Record<string, unknown> = {};
  for (const name of methodNames) bridge[name] = (request?: unknown) => call(name, request);
  // A browser opens links itself; the services have no browser to drive here.
  bridge.openExternal = async ({ url }: { url: string }): Promise<Result<null>> => {
    if (!isSafeExternalUrl(url)) return fail('unsafe-link', m.errors_https_only(), url);
    window.open(url, '_blank', 'noopener,noreferrer');
    return { ok: true, value: null };
  };
  for (const name of eventNames) {
    bridge[subscriptionName(name)] = (listener: (payload: unknown) => void) => {
      ensureEventStream();
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    };
  }
  // Assembled by name from the contract, as the preload assembles window.switchboard.
  return bridge as unknown as Bridge;
}
