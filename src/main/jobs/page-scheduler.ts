/**
 * The pages of a planned fetch, in flight at most the adaptive concurrency and buffered at
 * most `maxBuffered` ahead of the one being delivered, handed over strictly in order.
 * The first failed page stops the fetch; the pages before it that arrived are delivered.
 */
import { sleep } from '../api/retry';
import { m } from '../../shared/i18n';
import type { Page } from '../../shared/records';
import { fail, type Result } from '../../shared/result';
import type { AdaptiveConcurrency } from './adaptive-concurrency';
import type { PageTask } from './fetch-plan';
import { failedAt, type RequestPage } from './page-requests';

export interface ScheduleOptions<R> {
  tasks: readonly PageTask[];
  /** Pages already here (each window's first), by task index. */
  arrived: Map<number, Page<R>>;
  requestPage: RequestPage<R>;
  concurrency: AdaptiveConcurrency;
  /** The concurrency asked for: the first that many requests start a little apart. */
  maxConcurrency: number;
  maxBuffered: number;
  /** The pause between the first requests (requests started together stay together). */
  rampStaggerMs: number;
  /** Aborted by the caller's cancel, and here when a page fails. */
  controller: AbortController;
  deliver(index: number, page: Page<R>): Promise<void>;
  /** Delivery stops at once (the user cancelled, or the data drifted under onDrift 'fail'). */
  halted(): boolean;
}

/** Runs the schedule to its end; the failure of a page, or null. Nothing is in flight when it returns. */
export async function runSchedule<R>(options: ScheduleOptions<R>): Promise<Result<never> | null> {
  const { tasks, arrived: buffered, concurrency, controller, maxBuffered } = options;
  const totalPages = tasks.length;
  const inFlight = new Map<number, Promise<void>>();
  let nextToStart = 0;
  let nextToDeliver = 0;
  let rampStarted = 0;
  let failure: Result<never> | null = null;
  /** Pages before a failed one that have arrived are still delivered; nothing after it. */
  let failedIndex = Number.POSITIVE_INFINITY;
  const stopDelivering = (): boolean => options.halted() || (failure !== null && nextToDeliver >= failedIndex);

  const start = (index: number): void => {
    const task = tasks[index];
    const settled = options.requestPage(task.window, task.page).then((result) => {
      inFlight.delete(index);
      if (result.ok) {
        concurrency.succeeded();
        buffered.set(index, result.value);
      } else if (failure === null) {
        failedIndex = index;
        failure = failedAt(result.error, task.position, task.page, totalPages);
        controller.abort();
      }
    });
    inFlight.set(index, settled);
  };

  while (nextToDeliver < totalPages) {
    for (let page = buffered.get(nextToDeliver); page !== undefined && !stopDelivering(); page = buffered.get(nextToDeliver)) {
      buffered.delete(nextToDeliver);
      await options.deliver(nextToDeliver, page);
      nextToDeliver += 1;
    }
    if (failure !== null || options.halted() || controller.signal.aborted || nextToDeliver >= totalPages) break;
    // A first page already delivered is gone from the buffer: it must not be asked for again.
    nextToStart = Math.max(nextToStart, nextToDeliver);
    while (nextToStart < totalPages && failure === null && inFlight.size < concurrency.current && nextToStart <= nextToDeliver + maxBuffered) {
      if (!buffered.has(nextToStart)) {
        if (rampStarted > 0 && rampStarted < options.maxConcurrency) await sleep(options.rampStaggerMs, controller.signal);
        if (controller.signal.aborted) break;
        rampStarted += 1;
        start(nextToStart);
      }
      nextToStart += 1;
    }
    if (inFlight.size === 0) {
      // Pages that arrived during a ramp-up pause are delivered on the next turn.
      if (buffered.has(nextToDeliver) || failure !== null) continue;
      // Nothing under way and the next page not here: cannot happen unless a page went missing.
      failure = fail('bad-response', m.export_lost_page(), `page index ${nextToDeliver}`);
      break;
    }
    await Promise.race(inFlight.values());
  }

  if (failure !== null || options.halted() || controller.signal.aborted) controller.abort();
  await Promise.all(inFlight.values());
  return failure;
}
