/**
 * What an archive page request may ask, checked before any SQL is made: how many column
 * filters and filters from the Overview, how long their text and the search, a number within what the engine binds
 * exactly, and an equal-value filter only on a field that holds one value. Each refusal
 * names the column to fix.
 */
import { planColumnFilter } from '../../shared/column-filter';
import { listOf, type ListOperation } from '../../shared/operations';
import { viaNamed, type ViaFilter } from '../../shared/reports/via';
import { m } from '../../shared/i18n';
import { LIMITS } from '../../shared/platform';
import { ok, type Result } from '../../shared/result';
import { filterTextTooLong as tooLong } from '../../shared/validation';
import { archiveTableFor } from './tables';

export const ARCHIVE_FILTERS_MAX = 50;
/** The search's and a filter's text: the list filters' limit and count, so the archive takes what a list screen takes. */
const TEXT_MAX = LIMITS.filterTextMaxChars;
/** Longer than any column's name: such a name is no column, and is not echoed back whole. */
export const ARCHIVE_FIELD_NAME_MAX = 100;

export interface ArchivePageAsks {
  sort?: { field: string };
  search?: string;
  contains?: readonly { field: string; text: string }[];
  equals?: readonly { field: string; value: string | number | null }[];
  via?: ViaFilter;
  /** How the equals are said (an Overview seat group): only words, but written into a file's About sheet. */
  seatGroup?: { voiceGroupId: string | null; groupName: string | null };
}

export function checkArchivePageAsks(operation: ListOperation, asks: ArchivePageAsks): Result<null> {
  const contains = asks.contains ?? [];
  const equals = asks.equals ?? [];
  const refuse = (field: string, message: string): Result<null> => ({ ok: false, error: { code: 'validation', message, fields: { [field]: message } } });
  if (tooLong(asks.search ?? '')) {
    return refuse('search', m.cli_archive_search_too_long({ max: String(TEXT_MAX) }));
  }
  if (asks.via) {
    const via = viaNamed(asks.via.name);
    if (via.operation !== operation) {
      return refuse('via', m.cli_archive_via_wrong_list({ name: via.label(), records: listOf(via.operation).endpoint.title(), list: listOf(operation).endpoint.title() }));
    }
    if (asks.via.value !== null && tooLong(asks.via.value)) {
      return refuse('via', m.cli_archive_filter_too_long({ column: via.label(), max: String(TEXT_MAX) }));
    }
  }
  const group = asks.seatGroup;
  if (group && [group.voiceGroupId, group.groupName].some((text) => text !== null && tooLong(text))) {
    return refuse('seatGroup', m.cli_archive_filter_too_long({ column: m.overview_seat_group(), max: String(TEXT_MAX) }));
  }
  // Each part of the request against its own bound, and the refusal names that part: the column
  // filters typed above the table, or the filters an Overview bucket brought (its chips: equal
  // values and a seat or team leader).
  if (contains.length > ARCHIVE_FILTERS_MAX) {
    return refuse('contains', m.cli_archive_too_many_filters({ max: String(ARCHIVE_FILTERS_MAX) }));
  }
  if (equals.length + (asks.via ? 1 : 0) > ARCHIVE_FILTERS_MAX) {
    return refuse('equals', m.cli_archive_too_many_overview_filters({ max: String(ARCHIVE_FILTERS_MAX) }));
  }
  const named = [
    ...(asks.sort ? [{ part: 'sort', field: asks.sort.field }] : []),
    ...contains.map(({ field }) => ({ part: 'contains', field })),
    ...equals.map(({ field }) => ({ part: 'equals', field })),
  ];
  const longName = named.find(({ field }) => field.length > ARCHIVE_FIELD_NAME_MAX);
  if (longName !== undefined) {
    return refuse(longName.part, m.cli_archive_column_name_too_long({ name: longName.field.slice(0, 40), max: String(ARCHIVE_FIELD_NAME_MAX) }));
  }
  const { fields } = archiveTableFor(operation).layout;
  const kindOf = (field: string) => fields.find((candidate) => candidate.field === field)?.kind;
  const header = (field: string) => listOf(operation).columns.find((column) => column.key === field)?.header() ?? field;
  for (const { field, text } of contains) {
    if (tooLong(text)) return refuse(field, m.cli_archive_filter_too_long({ column: header(field), max: String(TEXT_MAX) }));
    // The numbers the filter binds: a comparison's or a range's (`>= 30`, `10-60`), as the filter's one
    // reading plans them, and a number column's number as typed (`1e30`). Text that is no number at all
    // is the column filter's own refusal ("type a number").
    const column = listOf(operation).columns.find((candidate) => candidate.key === field);
    const planned = column ? planColumnFilter(column, text) : null;
    const test = planned?.ok && planned.plan?.kind === 'number' ? planned.plan.test : null;
    const bound = test === null ? [] : test.op === 'between' ? [test.low, test.high] : [test.value];
    const typed = text.trim();
    if (kindOf(field) === 'number' && typed !== '' && !Number.isNaN(Number(typed))) bound.push(Number(typed));
    if (!bound.every(isBindableNumber)) {
      return refuse(field, m.cli_archive_number_range_type({ column: header(field), min: String(-Number.MAX_SAFE_INTEGER), max: String(Number.MAX_SAFE_INTEGER) }));
    }
  }
  for (const { field, value } of equals) {
    if (kindOf(field) === 'textList') {
      return refuse(field, m.cli_archive_list_column_equals({ column: header(field) }));
    }
    if (typeof value === 'string' && tooLong(value)) {
      return refuse(field, m.cli_archive_filter_too_long({ column: header(field), max: String(TEXT_MAX) }));
    }
    if (typeof value === 'number' && !isBindableNumber(value)) {
      return refuse(field, m.cli_archive_number_range_pick({ column: header(field), min: String(-Number.MAX_SAFE_INTEGER), max: String(Number.MAX_SAFE_INTEGER) }));
    }
  }
  return ok(null);
}

/** A whole number is bound as a 64-bit integer, so it must be one exactly; a fraction must be finite. */
function isBindableNumber(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return Number.isInteger(value) ? Number.isSafeInteger(value) : Math.abs(value) <= Number.MAX_SAFE_INTEGER;
}
