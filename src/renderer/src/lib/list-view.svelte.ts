import { untrack } from 'svelte';
import type { Column } from '../../../shared/columns';
import { currentLocale } from '../../../shared/i18n';
import { syncCovers, type JobInfo, type JobProgress } from '../../../shared/methods/jobs';
import {
  checkPageQuery,
  type FilterContext,
  type FilterForm,
  type ListDrafts,
  listOf,
  type ListOperation,
  type ListParams,
  type RowOf,
} from '../../../shared/operations';
import { LIMITS } from '../../../shared/platform';
import { ARCHIVE_HISTORY_DAYS_MAX } from '../../../shared/profiles';
import type { DrillDown } from '../../../shared/reports/overview';
import type { Page } from '../../../shared/records';
import type { AppError } from '../../../shared/result';
import type { QuickRange } from '../../../shared/time-range';
import type { TimeZone } from '../../../shared/time-zone';
import { sortRows } from '../../../shared/cell-text';
import { planEachColumnFilter, rowPredicate, SearchTexts } from '../../../shared/column-filter';
import { filtersOf, type ListQueryOf, sameValue, typedFilters } from '../../../shared/list-query';
import { bridge } from './bridge';
import { isBatchOf } from '../../../shared/methods/lists';
import { drillFiltersOf, type DrillFilters, NO_DRILL, withoutDrillFilter } from './drill-chips';
import type { DrillFilterName } from '../../../shared/reports/drill-words';
import { drillWindowText } from './overview-window';
import { watchRows } from './job-events';
import { jobs } from './jobs.svelte';
import { preferences } from './preferences.svelte';
import { RowCache } from './row-cache';
import { type PickedRange, rangeToSave, restoredDraft, type StartingDraft, withQuickRange } from './saved-window';
import { session } from './session.svelte';

interface SavedView<D> {
  draft?: D;
  /** The quick range the draft's period was set by and still is: worked out again from now when restored (saved-window.ts). */
  range?: QuickRange;
  size?: number;
  columns?: string[];
  widths?: Record<string, number>;
}

export interface LoadAllState {
  jobId: string;
  progress: JobProgress | null;
  outcome: 'running' | 'completed' | 'cancelled' | 'failed' | 'limited';
  error: AppError | null;
  warnings: string[];
}

/** What the Load all bar shows of its job. */
function loadStateOf(job: JobInfo): LoadAllState {
  const outcome = job.state === 'completed' && job.limited ? 'limited' : job.state;
  return { jobId: job.jobId, progress: job.progress, outcome, error: job.error, warnings: job.warnings };
}

export type SortState = { key: string; descending: boolean } | null;


const FLUSH_MS = 200;

/**
 * One list screen's state: its filter draft, the page on show, "load all", sort,
 * quick search, columns and the selected row. Filters, page size and columns are
 * remembered per screen across restarts.
 */
export class ListView<O extends ListOperation> {
  readonly list: ReturnType<typeof listOf<O>>;
  readonly spec: FilterForm<ListParams[O], ListDrafts[O]>;
  readonly allColumns: readonly Column<RowOf<O>>[];

  draft = $state() as ListDrafts[O];
  size = $state(25);
  page = $state(1);
  visibleKeys = $state<string[]>([]);
  widths = $state<Record<string, number>>({});
  status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  result = $state.raw<Page<RowOf<O>> | null>(null);
  error = $state<AppError | null>(null);
  fieldErrors = $state<Record<string, string>>({});
  /** Entries typed into a field but refused (a seat name that matches nothing): Search waits for them. */
  entryProblems = $state<Record<string, string>>({});
  selected = $state<number | null>(null);
  sort = $state<SortState>(null);
  search = $state('');
  mode = $state<'pages' | 'all'>('pages');
  all = $state.raw<RowOf<O>[]>([]);
  load = $state<LoadAllState | null>(null);
  /** The quick range that last set the period fields, with what it set (saved as that range while they still hold it). */
  private picked: PickedRange | null = null;
  /** Where the rows come from: the platform (each page a request) or the archive on this computer. */
  source = $state<'platform' | 'archive'>('platform');
  /** When the archived rows of this list were last fetched (epoch ms); null when unknown or never. */
  archiveSyncedAt = $state<number | null>(null);
  /** The last platform request failed to reach it: the screen offers the archive. */
  unreachable = $state(false);
  /** Text typed into the table's column filters, by column key (empty ones are left out). */
  columnFilters = $state<Record<string, string>>({});
  /** From the archive: how many rows the query holds before its search and column filters (null: none of them). */
  archiveOf = $state<number | null>(null);
  /** Set by a click in the Overview; shown as removable chips while the rows come from the archive. */
  drill = $state<DrillFilters>(NO_DRILL);
  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private columnFilterTimer: ReturnType<typeof setTimeout> | undefined;

  /** The params of the last query that passed validation; pages and "load all" use them. */
  private applied = $state.raw<ListParams[O] | null>(null);
  /** The query whose archived rows are on show (set when they arrive). */
  private fetchedQuery = $state.raw<ListQueryOf<O> | null>(null);
  /** Finished syncs of this list already followed (their rows are on show, or were when the view was made). */
  private readonly followedSyncs = new Set<string>();
  /** What the search finds in each loaded row (its shown text and raw values). */
  private readonly haystacks = new SearchTexts<RowOf<O>>(() => this.allColumns);
  private requestSeq = 0;
  /** This screen's key for archive pages: main gives up the older page this screen still waits for. */
  private readonly screenKey = Math.random().toString(36).slice(2);
  /** The profile whose data the view holds. */
  private profileId: string | null = session.activeProfileId;
  private stopWatching: (() => void) | null = null;
  /** The Load all the user asked to cancel, so a cancel that overtook its start is sent again. */
  private cancelAskedFor: string | null = null;

  readonly zone: TimeZone = $derived(session.zone);
  readonly columns: Column<RowOf<O>>[] = $derived(
    this.visibleKeys
      .map((key) => this.allColumns.find((column) => column.key === key))
      .filter((column): column is Column<RowOf<O>> => column !== undefined),
  );
  // Made anew when the language changes too: cells hold labels and the cache keeps their text.
  readonly cache: RowCache<RowOf<O>> = $derived(new RowCache(this.columns, this.zone, currentLocale()));
  readonly sourceRows: readonly RowOf<O>[] = $derived(this.mode === 'all' ? this.all : (this.result?.records ?? []));
  readonly rows: readonly RowOf<O>[] = $derived.by(() => this.arrange(this.sourceRows));
  readonly totalPages = $derived(this.result?.pages ?? 0);
  readonly selectedRow: RowOf<O> | null = $derived(this.selected === null ? null : (this.rows[this.selected] ?? null));
  /** Column filters with text in them (also those of hidden columns: they still narrow the rows). */
  readonly activeColumnFilters: number = $derived(Object.values(this.columnFilters).filter((text) => text.trim() !== '').length);
  /**
   * The column filters read once, each on its own (shared/column-filter.ts): a number column
   * given words is refused at its field and left out of the query; the others still apply,
   * the same plans on the page, from the archive, in Load all and in a file.
   */
  readonly plannedFilters = $derived.by(() => planEachColumnFilter(this.allColumns, typedFilters(this.columnFilters)));
  /** The column filters that cannot apply as typed (e.g. words under a number column), each with why; empty when they all can. */
  readonly filterProblems: readonly { field: string; message: string }[] = $derived(this.plannedFilters.refused);
  /** The search or a column filter narrows the rows beyond what the filters above ask for. */
  readonly narrowing: boolean = $derived(this.search.trim() !== '' || this.activeColumnFilters > 0);
  /** The rows before the search and column filters: this page or the loaded rows, or (archive) every archived row of the filters. */
  readonly unfilteredCount: number | null = $derived(
    this.source === 'archive' ? (this.archiveOf ?? this.result?.total ?? null) : this.sourceRows.length,
  );
  /** The query of the rows on show: the filters as applied, and the sort, search and column filters. */
  readonly query: ListQueryOf<O> | null = $derived.by(() => this.queryOf(this.applied));
  /** The filters above were changed since the table's rows were asked for (a quick range, Reset): the table says so. */
  readonly formDiffers: boolean = $derived.by(() => {
    const applied = this.applied;
    if (applied === null) return false;
    const { params, errors } = this.spec.toParams(this.draft, this.context());
    return Object.keys(errors).length > 0 || Object.keys(this.entryProblems).length > 0 || !sameValue(params, applied);
  });
  /**
   * The order on show: the user's sort, or from the archive the platform's own order, which for
   * a list with a row time is newest first by that time (lists without one keep the listing's order).
   */
  readonly shownSort: SortState = $derived.by(() => {
    const rowTime = this.list.rowTime;
    return this.sort ?? (this.source === 'archive' && rowTime ? { key: rowTime.key, descending: true } : null);
  });

  constructor(readonly operation: O) {
    this.list = listOf(operation);
    this.spec = this.list.filter;
    this.allColumns = this.list.columns;
    const saved = preferences.get<SavedView<ListDrafts[O]>>(this.prefsKey) ?? {};
    // A period saved as a quick range is that range from now; one typed by hand is kept as typed.
    const start = saved.draft ? restoredDraft(saved.draft, saved.range, this.zone, Date.now()) : this.defaults();
    this.draft = start.draft;
    this.picked = start.picked;
    this.size = clampSize(saved.size ?? session.profile?.pageSize ?? 25);
    const known = new Set(this.allColumns.map((column) => column.key));
    const chosen = saved.columns?.filter((key) => known.has(key));
    this.visibleKeys = chosen && chosen.length > 0 ? chosen : this.allColumns.filter((c) => c.visible).map((c) => c.key);
    this.widths = saved.widths ?? {};
    // The view lives under a root of its own (views.svelte.ts), so it follows syncs while its screen is away too.
    $effect(() => {
      const finished = jobs.shown
        .filter((job) => syncCovers(job, operation) && job.state === 'completed' && job.profileId === session.activeProfileId)
        .map((job) => job.jobId);
      untrack(() => this.followSyncs(finished));
    });
  }

  get prefsKey(): string {
    return `view:${this.operation}`;
  }

  get ready(): boolean {
    return this.spec.ready(this.draft);
  }

  context(): FilterContext {
    return { zone: this.zone, appId: session.profile?.defaultAppId ?? '' };
  }

  /** The form's defaults now, and the quick range their period is (the record lists open on the last 7 days). */
  private defaults(): StartingDraft<ListDrafts[O]> {
    const draft = this.spec.defaults(this.context());
    const range = this.spec.defaultRange;
    return range ? withQuickRange(draft, range, this.zone, Date.now()) : { draft, picked: null };
  }

  /** A quick range set the period fields (to `window`): while they hold it, the period is saved as that range. */
  rangePicked(range: QuickRange, window: { from: string; to: string }): void {
    this.picked = { range, from: window.from, to: window.to };
  }

  private remember(): void {
    const range = rangeToSave(this.draft, this.picked);
    preferences.set(this.prefsKey, {
      draft: $state.snapshot(this.draft) as ListDrafts[O],
      ...(range !== null ? { range } : {}),
      size: this.size,
      columns: $state.snapshot(this.visibleKeys),
      widths: $state.snapshot(this.widths),
    } satisfies SavedView<ListDrafts[O]>);
  }

  /** Checks the filters as the spec says; sends nothing when they are wrong. */
  private validated(): ListParams[O] | null {
    const { params, errors } = this.spec.toParams($state.snapshot(this.draft) as ListDrafts[O], this.context());
    // From the archive a window may be as long as an Overview's (its drill-downs open here): the archive's longest sync history.
    const checked = checkPageQuery(this.list, { current: 1, size: this.size, params }, this.source === 'archive' ? { maxDays: ARCHIVE_HISTORY_DAYS_MAX } : {});
    const fields = { ...(checked.ok ? {} : (checked.error.fields ?? {})), ...errors, ...this.entryProblems };
    this.fieldErrors = fields;
    if (Object.keys(fields).length > 0) {
      this.error = null;
      return null;
    }
    return params;
  }

  /** The filters of the rows on show (null before the first search). */
  get appliedParams(): ListParams[O] | null {
    return this.applied;
  }

  /**
   * The query of what the table shows now, which an export writes: from the archive, the
   * query of the rows that arrived (a search typed a moment ago is not shown yet); from the
   * platform, the page's filters with the search and column filters applied to its rows here.
   */
  get shownQuery(): ListQueryOf<O> | null {
    return this.source === 'archive' ? this.fetchedQuery : this.query;
  }

  private queryOf(params: ListParams[O] | null): ListQueryOf<O> | null {
    if (params === null) return null;
    const search = this.search.trim();
    // Only the filters that apply: the archive and an export take the plans the table tests rows with.
    const contains = this.plannedFilters.applied;
    const archive = this.source === 'archive';
    return {
      operation: this.operation,
      source: this.source,
      params,
      ...(this.sort ? { sort: { field: this.sort.key, descending: this.sort.descending } } : {}),
      ...(search !== '' ? { search } : {}),
      ...(contains.length > 0 ? { contains } : {}),
      ...(archive && this.drill.equals.length > 0 ? { equals: $state.snapshot(this.drill.equals) } : {}),
      ...(archive && this.drill.hourOfDay !== null ? { hourOfDay: this.drill.hourOfDay } : {}),
      ...(archive && this.drill.via !== null ? { via: $state.snapshot(this.drill.via) } : {}),
      ...(archive && this.drill.seatGroup !== null ? { seatGroup: $state.snapshot(this.drill.seatGroup) } : {}),
    };
  }

  /** The filters as typed, checked as Search checks them (errors show at the fields); null when wrong. */
  checkFilters(): ListParams[O] | null {
    return this.validated();
  }

  /** Runs the query with the filters as typed, from page 1. */
  async apply(): Promise<void> {
    const params = this.validated();
    this.remember();
    if (params === null) return;
    this.applied = params;
    this.cancelLoad();
    this.mode = 'pages';
    this.page = 1;
    await this.fetch();
  }

  setEntryProblem(field: string, message: string | null): void {
    const others = without(this.entryProblems, field);
    this.entryProblems = message === null ? others : { ...others, [field]: message };
    // What Search showed for a withdrawn entry goes with it.
    if (message === null && field in this.fieldErrors) this.fieldErrors = without(this.fieldErrors, field);
  }

  resetFilters(): void {
    this.drill = NO_DRILL;
    const start = this.defaults();
    this.draft = start.draft;
    this.picked = start.picked;
    this.fieldErrors = {};
    this.remember();
  }

  async fetch(): Promise<void> {
    if (this.applied === null) return;
    if (this.source === 'archive') return this.fetchArchived(this.applied);
    const seq = ++this.requestSeq;
    this.status = 'loading';
    const result = await bridge.queryPage({
      operation: this.operation,
      current: this.page,
      size: this.size,
      params: this.applied,
    });
    if (seq !== this.requestSeq) return; // a newer request has taken over
    if (result.ok) {
      this.result = result.value;
      this.error = null;
      this.unreachable = false;
      this.status = 'ready';
      this.selected = null;
    } else {
      this.error = result.error;
      this.fieldErrors = result.error.fields ?? {};
      this.status = 'error';
      this.unreachable = result.error.code === 'network' || result.error.code === 'timeout';
      if (this.unreachable) void this.learnLastSync();
    }
  }

  /** A page of archived rows: sort, search and column filters run over every archived row, on this computer. */
  private async fetchArchived(params: ListParams[O]): Promise<void> {
    const query = this.queryOf(params);
    if (query === null) return;
    const seq = ++this.requestSeq;
    this.status = 'loading';
    const result = await bridge.archivePage({ ...filtersOf(query), offset: (this.page - 1) * this.size, limit: this.size, screen: this.screenKey });
    if (seq !== this.requestSeq) return;
    if (result.ok) {
      const { total, rows, lastSyncAt, of } = result.value;
      this.result = { total, size: this.size, current: this.page, pages: Math.max(1, Math.ceil(total / this.size)), records: rows, searchCount: null };
      this.archiveOf = of ?? total;
      this.fetchedQuery = query;
      this.archiveSyncedAt = lastSyncAt;
      this.error = null;
      this.status = 'ready';
      this.selected = null;
    } else {
      this.error = result.error;
      this.status = 'error';
    }
  }

  /**
   * Follows this list's syncs: when one finishes, "Last synced" is read again and rows
   * shown from the archive are read again (the same page), so the table is what was just synced.
   * `finished`: the finished syncs that cover this list, newest first.
   */
  followSyncs(finished: readonly string[]): void {
    const fresh = finished.filter((jobId) => !this.followedSyncs.has(jobId));
    for (const jobId of fresh) this.followedSyncs.add(jobId);
    if (fresh.length === 0 || !this.syncsSeen) {
      this.syncsSeen = true;
      return;
    }
    void this.learnLastSync();
    if (this.source === 'archive' && this.mode === 'pages' && this.applied !== null) void this.fetch();
  }

  /** False until the first look at the finished syncs: those that ended before the view was made are not news. */
  private syncsSeen = false;

  private async learnLastSync(): Promise<void> {
    const status = await bridge.archiveStatus({});
    if (!status.ok) return;
    this.archiveSyncedAt = status.value.lists.find((list) => list.operation === this.operation)?.lastSyncAt ?? null;
  }

  /** Shows the archive (or the platform again) with the same filters, from page 1. */
  async useArchive(on: boolean): Promise<void> {
    const source = on ? 'archive' : 'platform';
    if (source === this.source && this.result !== null) return;
    this.cancelLoad();
    this.mode = 'pages';
    this.load = null;
    this.source = source;
    if (source === 'platform') this.drill = NO_DRILL; // the platform cannot filter by them
    // The archive keeps only the record's own fields as columns: filters on others are dropped, not refused.
    if (source === 'archive') this.columnFilters = Object.fromEntries(Object.entries(this.columnFilters).filter(([key]) => this.archiveColumn(key)));
    this.fetchedQuery = null;
    this.archiveOf = null;
    this.unreachable = false;
    this.page = 1;
    if (this.applied === null) {
      const params = this.validated();
      if (params === null) return;
      this.applied = params;
    }
    await this.fetch();
  }

  /** The archived rows behind an Overview bucket: its window in the period fields, its other filters as chips. */
  async openDrill(drill: DrillDown): Promise<void> {
    this.leaveLoadAll();
    this.search = '';
    this.sort = null;
    this.columnFilters = {};
    const defaults = this.spec.defaults(this.context());
    this.draft = this.list.window ? { ...defaults, ...drillWindowText(drill, this.zone) } : defaults;
    this.picked = null; // a bucket's window is fixed times
    this.drill = drillFiltersOf(drill);
    this.source = 'archive';
    this.unreachable = false;
    await this.apply();
  }

  /** Takes one Overview filter off (see withoutDrillFilter) and shows the archive again. */
  async removeDrillFilter(which: DrillFilterName): Promise<void> {
    this.drill = withoutDrillFilter(this.drill, which);
    this.page = 1;
    await this.fetch();
  }

  /** The quick search: over the page on show, or (from the archive) over every archived row, shortly after typing stops. */
  searchChanged(): void {
    this.selected = null;
    if (this.source !== 'archive') return;
    clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(() => {
      this.page = 1;
      void this.fetch();
    }, 250);
  }

  /** Whether the archive can sort and filter by a column: the record's own fields, and columns it reads from a JSON field by key. */
  archiveColumn(key: string): boolean {
    // A task's var01..var20 are read from its variables by key (the descriptor's jsonColumns).
    return Object.hasOwn(this.list.fields, key) || Object.hasOwn(this.list.jsonColumns ?? {}, key);
  }

  /** Whether a column has a filter field: every column over loaded rows; from the archive, its own fields. */
  filterable(key: string): boolean {
    return this.source !== 'archive' || this.archiveColumn(key);
  }

  /** A column filter: over loaded rows at once; from the archive, over every archived row shortly after typing stops, from page 1. */
  setColumnFilter(key: string, text: string): void {
    this.columnFilters = { ...this.columnFilters, [key]: text };
    this.selected = null;
    if (this.source !== 'archive') return;
    clearTimeout(this.columnFilterTimer);
    this.columnFilterTimer = setTimeout(() => {
      this.page = 1;
      void this.fetch();
    }, 300);
  }

  clearColumnFilters(): void {
    clearTimeout(this.columnFilterTimer);
    this.columnFilters = {};
    this.page = 1;
    if (this.source === 'archive') void this.fetch();
  }

  /** Clears the search and every column filter: the rows of the filters above again. */
  clearNarrowing(): void {
    clearTimeout(this.searchTimer);
    this.search = '';
    this.clearColumnFilters();
  }

  /** What this screen's Sync asks for: its own list and, for task details, the task in the filters (null: the filters need fixing first). */
  syncRequest(): { operations: ListOperation[]; taskId?: number } | null {
    if (this.operation !== 'taskDetails') return { operations: [this.operation] };
    const params: object | null = this.validated();
    const taskId = params !== null && 'taskId' in params ? Number(params.taskId) : Number.NaN;
    if (!Number.isSafeInteger(taskId)) return null;
    return { operations: [this.operation], taskId };
  }

  async goTo(page: number): Promise<void> {
    const last = Math.max(1, this.totalPages);
    const target = Math.min(last, Math.max(1, Math.round(page)));
    if (target === this.page && this.status === 'ready') return;
    this.page = target;
    await this.fetch();
  }

  async setSize(size: number): Promise<void> {
    this.size = clampSize(size);
    this.remember();
    this.page = 1;
    await this.fetch();
  }

  /**
   * Follows the active profile, also when it was switched while the screen was away:
   * same filters, new data. Does nothing when the rows on show are already this profile's.
   */
  async followProfile(profileId: string | null): Promise<void> {
    if (profileId === this.profileId) return;
    this.profileId = profileId;
    this.cancelLoad();
    this.mode = 'pages';
    this.result = null;
    this.fetchedQuery = null;
    this.archiveOf = null;
    this.archiveSyncedAt = null;
    if (this.applied !== null) {
      this.page = 1;
      await this.fetch();
    }
  }

  async loadAll(): Promise<void> {
    const params = this.validated();
    if (params === null) return;
    this.applied = params;
    this.cancelLoad();
    this.stopWatching?.();
    // The job is named and watched before it starts: its first rows (or its end) may
    // arrive before the answer that it started.
    const jobId = crypto.randomUUID();
    const buffer: RowOf<O>[] = [];
    let flushTimer: ReturnType<typeof setTimeout> | null = null;
    const flush = (): void => {
      flushTimer = null;
      this.all = buffer.slice();
    };
    this.load = { jobId, progress: null, outcome: 'running', error: null, warnings: [] };
    this.all = [];
    this.mode = 'all';
    this.selected = null;
    const stopRows = watchRows(jobId, (batch) => {
      if (isBatchOf(this.operation, batch)) buffer.push(...batch.rows);
      // The first rows show at once; later ones in batches, so the table stays smooth.
      if (this.all.length === 0) {
        performance.mark('switchboard:rows-arrived');
        flush();
      } else flushTimer ??= setTimeout(flush, FLUSH_MS);
    });
    // Main sends every row of the job before the change that ends it.
    const stopFollowing = jobs.follow(jobId, (job) => {
      if (this.load?.jobId === jobId) this.load = loadStateOf(job);
      if (job.state === 'running') return;
      if (flushTimer) clearTimeout(flushTimer);
      performance.mark('switchboard:all-rows-arrived');
      flush();
      stopWatching();
    });
    const stopWatching = (): void => {
      stopRows();
      stopFollowing();
      if (this.stopWatching === stopWatching) this.stopWatching = null;
    };
    this.stopWatching = stopWatching;
    const started = await bridge.startLoadAll({ jobId, operation: this.operation, params });
    if (started.ok) jobs.started(started.value.job);
    const stillWanted = this.load?.jobId === jobId && this.cancelAskedFor !== jobId;
    // A cancel sent while the start was on its way may have reached main first: send it again.
    if (started.ok && !stillWanted) void bridge.cancelJob({ jobId });
    if (this.load?.jobId !== jobId) return;
    if (started.ok) return;
    // Main started nothing, so there is nothing to cancel: only the screen goes back to pages.
    this.load = null;
    this.leaveLoadAll();
    this.error = started.error;
    this.fieldErrors = started.error.fields ?? {};
    this.status = 'error';
  }

  /** Stops a Load all (and listening for its rows) and drops its rows: the screen shows pages again. */
  private leaveLoadAll(): void {
    this.cancelLoad();
    this.stopWatching?.();
    this.stopWatching = null;
    this.mode = 'pages';
    this.load = null;
    this.all = [];
  }

  cancelLoad(): void {
    if (this.load?.outcome !== 'running') return;
    this.cancelAskedFor = this.load.jobId;
    void bridge.cancelJob({ jobId: this.load.jobId });
  }

  /** Leaves the loaded rows and shows pages of the same filters again. */
  async backToPages(): Promise<void> {
    this.leaveLoadAll();
    this.selected = null;
    this.page = 1;
    await this.fetch();
  }

  toggleSort(key: string): void {
    if (this.source === 'archive' && !this.archiveColumn(key)) return;
    if (this.sort?.key !== key) this.sort = { key, descending: false };
    else if (!this.sort.descending) this.sort = { key, descending: true };
    else this.sort = null;
    this.selected = null;
    if (this.source === 'archive') {
      this.page = 1;
      void this.fetch();
    }
  }

  setColumns(keys: string[]): void {
    this.visibleKeys = keys;
    this.remember();
  }

  setWidth(key: string, width: number): void {
    this.widths[key] = width;
    this.remember();
  }

  private arrange(source: readonly RowOf<O>[]): readonly RowOf<O>[] {
    // Archived pages come sorted, searched and filtered over every archived row.
    if (this.source === 'archive') return source;
    const keep = rowPredicate(this.allColumns, this.plannedFilters.plans, this.search, this.zone, (row) => this.haystack(row));
    return sortRows(keep ? source.filter(keep) : source, this.allColumns, this.sort);
  }

  /** What the search finds in a loaded row, made once per row. */
  private haystack(row: RowOf<O>): string {
    return this.haystacks.of(row, this.zone);
  }
}

function without(record: Record<string, string>, key: string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

function clampSize(size: number): number {
  if (!Number.isFinite(size)) return 25;
  return Math.min(LIMITS.pageSizeMax, Math.max(LIMITS.pageSizeMin, Math.round(size)));
}
