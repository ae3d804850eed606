/**
 * Everything the app knows about one list operation, in one object: the endpoint,
 * the strict params parser (also its validator), the record's normaliser and the row
 * the renderer may see, the columns, the row's id and time, the window rule, the
 * CLI's parameter kinds and the filter form. One per file in ./lists, found by file
 * name (scripts/registries.mjs); ./index.ts is the registry everything reads.
 */
import type { NUMBER_FIGURES, VOICE_FIGURES } from '../reports/figures';
import type { Column } from '../columns';
import type { Label } from '../i18n/locale';
import type { RecordNormaliser } from '../normalise';
import type { RecordSchema } from '../normalise/schema';
import type { OperationInfo } from '../platform';
import type { NumberCallRecord, Page, VoiceRecord } from '../records';
import type { QuickRange } from '../time-range';
import type { TimeZone } from '../time-zone';
import type { FieldErrors } from '../validation/fields';
import type { Shortcut } from './shortcuts';

/** How a filter is typed on the command line (`--param key=value`); `window` comes from --from/--to. */
export type ParamKind = 'text' | 'integer' | 'integers' | 'texts' | 'window';

export type ScreenGroup = 'Records' | 'Call centre' | 'Numbers' | 'Messaging' | 'Reports' | 'Settings';

/** strTime/endTime as ISO 8601 with offset, at most `maxDays` apart per request. */
export interface WindowRule {
  maxDays: number;
  /** True when the spec limits the window to the last LIMITS.historyMonths months (voice records). */
  historyLimited: boolean;
}

export interface FilterContext {
  zone: TimeZone;
  appId: string;
}

export interface Converted<P> {
  params: P;
  /** Problems found while converting (keyed like the parser's fields: `params.strTime`). */
  errors: FieldErrors;
}

/** How a screen drawn from the descriptor shows one text field of the draft. */
export interface FilterField {
  /** Read as `label()` when shown. */
  label: Label;
  hint?: Label;
  /** The parser's key for the field's messages, when it is not `params.<draft key>`. */
  errorKey?: string;
  /** Left empty, the profile's default app id is used: shown as the placeholder. */
  emptyMeansDefaultApp?: boolean;
}

/** The filter form: a draft the user edits (kept across restarts) and how it becomes params. */
export interface FilterForm<P, D> {
  defaults(context: FilterContext): D;
  /**
   * The quick range the defaults' period is (a windowed list opens on one): a screen saves a
   * period still as that range by its name, so it moves with the clock across sessions.
   */
  readonly defaultRange?: QuickRange;
  /**
   * The draft's text fields, in order, for a list without a screen of its own (the window
   * of a windowed list is drawn without being named here). A custom screen ignores them.
   */
  readonly fields?: { readonly [K in keyof D & string]?: FilterField };
  toParams(draft: D, context: FilterContext): Converted<P>;
  /** False when the form lacks what the operation needs before anything is fetched (a task id). */
  ready(draft: D): boolean;
}

export interface RowTime<Row> {
  /** The column the time comes from. */
  key: string;
  of(row: Row): number | null;
}

/**
 * Which figures a record list's rows make (the workbook's Summary sheet, `switchboard
 * report`), and each row read as the record those figures are defined over.
 */
/** The figures a record list's rows make (shared/reports/figures), and how a row is read as a record. */
export type ListSummary<Row> =
  | { figures: typeof VOICE_FIGURES; record(row: Row): VoiceRecord }
  | { figures: typeof NUMBER_FIGURES; record(row: Row): NumberCallRecord };

/**
 * A list kept as snapshots of one scope at a time (a task's details), never with every Sync:
 * `param` is the filter naming the scope (a whole number; a row's `snapshotScope` is its value
 * as text), `noun` what one scope is, in words ("task").
 */
export interface ScopedSync {
  readonly param: string;
  readonly noun: string;
}

/** How Sync takes a list: `'always'` with every Sync that names no list (a windowed list by its missing ranges, any other whole), or by scope. */
export type ListSync = 'always' | ScopedSync;

/** Where a column's value lies inside a JSON field of the record. */
export interface JsonColumn {
  /** The JSON field (one of `jsonFields`). */
  field: string;
  /** Its key there. */
  key: string;
}

export interface ListDescriptor<P extends object, R, Row = R, D = unknown> {
  /** Stable id: preferences, the bridge and logs use it (`voiceRecords`). */
  readonly id: string;
  /** The screen's and the CLI's name (`voice-records`), and the name of the descriptor's file. */
  readonly slug: string;
  /** Place among the lists in the sidebar and the CLI's usage: lower first (the lists use tens, so one fits between). */
  readonly order: number;
  readonly group: ScreenGroup;
  /** Ctrl/Cmd with this opens the list's screen: one no other screen declares (a test names a clash), or null for none. */
  readonly shortcut: Shortcut | null;
  readonly blurb: Label;
  readonly endpoint: OperationInfo;
  /** Every filter the operation takes and how the CLI types it; any other key is refused. */
  readonly paramKinds: { readonly [K in keyof P]-?: ParamKind } & Readonly<Record<string, ParamKind>>;
  readonly window: WindowRule | null;
  /** Paging the platform assumes when a request leaves it out (voice records only). */
  readonly pageDefaults: { current: number; size: number } | null;
  /** The operation's own rules for the params it knows (types, ranges), as field messages. */
  checkParams(params: Readonly<Record<string, unknown>>, fields: FieldErrors): void;
  readonly normalise: RecordNormaliser<R>;
  /** The record's field table (the one its normaliser reads): the archive lays its table out from it. */
  readonly fields: RecordSchema<R>;
  /** Fields kept whole as JSON: the server's unknown fields, a task's variables. */
  readonly jsonFields: readonly string[];
  /**
   * Columns whose value is one key of a JSON field (a task's var01 is `variables.var01`):
   * the archive filters, searches and sorts them by reading that key, with no column of their own.
   */
  readonly jsonColumns?: Readonly<Record<string, JsonColumn>>;
  /** What one complete fetch replaces in the archive: '' for the whole list, a task id for a task's rows. */
  snapshotScope(row: Row): string;
  readonly sync: ListSync;
  /** What the renderer and the files may see of a record (passwords stay in main). */
  toRow(record: R): Row;
  readonly columns: readonly Column<Row>[];
  /** A unique id of a row, or null when rows have none (duplicate detection, selection). */
  rowId(row: Row): string | null;
  /** The time the platform sorts rows by, when there is one. */
  readonly rowTime: RowTime<Row> | null;
  /** Lists whose .xlsx exports get a Summary sheet; the rows are bucketed by `rowTime`. */
  readonly summary?: ListSummary<Row>;
  readonly filter: FilterForm<P, D>;
}

/** Any descriptor, for code that only passes one along (methods keep it assignable from every operation's). */
export type SomeList = ListDescriptor<object, unknown, unknown, unknown>;

export type ParamsOf<L> = L extends ListDescriptor<infer P, unknown, unknown, unknown> ? P : never;
export type RecordOf<L> = L extends ListDescriptor<object, infer R, unknown, unknown> ? R : never;
export type RowOfList<L> = L extends ListDescriptor<object, unknown, infer Row, unknown> ? Row : never;
export type DraftOfList<L> = L extends ListDescriptor<object, unknown, unknown, infer D> ? D : never;
export type PageOf<L> = Page<RowOfList<L>>;
