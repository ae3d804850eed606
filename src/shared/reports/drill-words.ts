/**
 * An Overview bucket's filters on a list, said in words: the list screen's chips and an
 * export's About sheet both say them with these, so the file says what the screen showed.
 */
import type { Column } from '../columns';
import { m } from '../i18n';
import type { EqualsFilter } from '../list-query';
import { seatGroupEquals, seatGroupText, type SeatGroupNamed } from '../platform';
import { viaNamed, type ViaFilter } from './via';

/** A list's Overview filters, as a drill-down sets them (none: absent, or null on a list screen). */
export interface DrillFilterWords {
  equals?: readonly EqualsFilter[];
  hourOfDay?: number | null;
  via?: ViaFilter | null;
  /** The equals are this seat group's: said as one filter. */
  seatGroup?: SeatGroupNamed | null;
}

/** Which Overview filter: an index of `equals`, or the hour, the seat or team leader (via), or the seat group (all the equals). */
export type DrillFilterName = number | 'hour' | 'via' | 'seatGroup';

/** One Overview filter and its words. */
export interface DrillFilterSaid {
  which: DrillFilterName;
  text: string;
}

/** "Call status: connected", in the list's own column names and labels. */
function equalsFilterText<R>(field: string, value: string | number | null, columns: readonly Column<R>[]): string {
  const column = columns.find((candidate) => candidate.key === field);
  const name = column?.header() ?? field;
  if (value === null) return m.overview_chip_not_recorded({ name });
  const label = column?.kind === 'code' ? column.label(value) : null;
  return m.overview_chip_equals({ name, value: label ?? String(value) });
}

/** "Seat: Alice", or "Seat: not recorded" for the calls without one. */
function viaFilterText(via: ViaFilter): string {
  const name = viaNamed(via.name).label();
  return via.value === null ? m.overview_chip_not_recorded({ name }) : m.overview_chip_equals({ name, value: via.value });
}

function hourFilterText(hour: number): string {
  return m.overview_chip_hour({ from: String(hour).padStart(2, '0') });
}

/** "Seat group: Sales (#10)": the group as the Overview's row said it. */
function seatGroupFilterText(group: SeatGroupNamed): string {
  return m.overview_chip_equals({ name: m.overview_seat_group(), value: seatGroupText(group) });
}

/** The group whose seats the equals are, when they are exactly its (a request may name any group beside any equals). */
function seatGroupOfEquals(group: SeatGroupNamed | null | undefined, equals: readonly EqualsFilter[]): SeatGroupNamed | null {
  if (!group) return null;
  const own = seatGroupEquals(group);
  const same = own.length === equals.length && own.every((filter, index) => filter.field === equals[index]?.field && filter.value === equals[index]?.value);
  return same ? group : null;
}

/**
 * Each Overview filter in words, in the order the chips show them: the seat group (or each
 * equals), the hour, the seat or team leader. The chips show these, and the About sheet says them.
 */
export function drillFilterWords<R>(filters: DrillFilterWords, columns: readonly Column<R>[]): DrillFilterSaid[] {
  const equals = filters.equals ?? [];
  const group = seatGroupOfEquals(filters.seatGroup, equals);
  const { hourOfDay, via } = filters;
  return [
    ...(group
      ? [{ which: 'seatGroup' as const, text: seatGroupFilterText(group) }]
      : equals.map(({ field, value }, index) => ({ which: index, text: equalsFilterText(field, value, columns) }))),
    ...(hourOfDay === undefined || hourOfDay === null ? [] : [{ which: 'hour' as const, text: hourFilterText(hourOfDay) }]),
    ...(via === undefined || via === null ? [] : [{ which: 'via' as const, text: viaFilterText(via) }]),
  ];
}
