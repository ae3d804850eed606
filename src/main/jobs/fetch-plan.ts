/**
 * What a fetch-all will request, decided from the first page of every window: the pages
 * in delivery order, how many rows each should have, and which way the platform sorts.
 */
import type { Page } from '../../shared/records';
import type { PageSource } from './paged-sources';

export interface PageTask {
  /** The window's index in the source (oldest first). */
  window: number;
  /** The window's place in delivery order, from 0. */
  position: number;
  /** Page number within the window, from 1. */
  page: number;
  /** Rows this page should have, from the window's first page. */
  expectedRows: number;
}

export interface FetchPlan<R> {
  /** Every page of every window, in delivery order. */
  tasks: PageTask[];
  /** The first pages, already here, by task index. */
  firstPages: Map<number, Page<R>>;
  /** Each window's total, as its first page gave it (by window index). */
  totals: number[];
  totalRows: number;
  newestFirst: boolean;
}

export function planPages<R>(firstPages: readonly Page<R>[], source: Pick<PageSource<R>, 'pageSize' | 'timeOf'>): FetchPlan<R> {
  const { pageSize } = source;
  const newestFirst = sortsNewestFirst(firstPages, source.timeOf);
  const windowOrder = firstPages.map((_, index) => index);
  if (newestFirst) windowOrder.reverse();
  const tasks: PageTask[] = [];
  const pages = new Map<number, Page<R>>();
  let totalRows = 0;
  for (const [position, window] of windowOrder.entries()) {
    const first = firstPages[window];
    totalRows += first.total;
    const pageCount = Math.max(1, Math.ceil(first.total / pageSize));
    for (let page = 1; page <= pageCount; page += 1) {
      const expectedRows = Math.max(0, Math.min(pageSize, first.total - (page - 1) * pageSize));
      if (page === 1) pages.set(tasks.length, first);
      tasks.push({ window, position, page, expectedRows });
    }
  }
  return { tasks, firstPages: pages, totals: firstPages.map((page) => page.total), totalRows, newestFirst };
}

/**
 * The platform lists records newest first (the sandbox does too); windows are then
 * delivered newest first so the whole stream keeps one order. Decided from the first
 * page that shows two different times; newest first when none does.
 */
function sortsNewestFirst<R>(pages: readonly Page<R>[], timeOf: (row: R) => number | null): boolean {
  for (const page of pages) {
    const times = page.records.map((record) => timeOf(record)).filter((time): time is number => time !== null);
    if (times.length >= 2 && times[0] !== times[times.length - 1]) return times[0] > times[times.length - 1];
  }
  return true;
}
