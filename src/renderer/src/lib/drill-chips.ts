/**
 * The Overview's filters on an archive list (an Overview bucket's, beyond its window) and the
 * chips that say them, each removable: what a chip says and what taking it off leaves.
 */
import type { Column } from '../../../shared/columns';
import { m } from '../../../shared/i18n';
import { seatGroupText, type SeatGroupNamed } from '../../../shared/platform';
import type { DrillDown } from '../../../shared/reports/overview';
import { viaNamed, type ViaFilter } from '../../../shared/reports/via';

/** An Overview bucket's filters beyond the window: exact values, an hour of day and a seat or team leader, which only the archive can apply. */
export interface DrillFilters {
  equals: { field: string; value: string | number | null }[];
  hourOfDay: number | null;
  via: ViaFilter | null;
  /** The equals are one seat group's: one chip says the group, and takes them all off. */
  seatGroup: SeatGroupNamed | null;
}

export const NO_DRILL: DrillFilters = { equals: [], hourOfDay: null, via: null, seatGroup: null };

/** An Overview bucket's drill-down as a list's filters. */
export function drillFiltersOf(drill: DrillDown): DrillFilters {
  return { equals: drill.equals ?? [], hourOfDay: drill.hourOfDay ?? null, via: drill.via ?? null, seatGroup: drill.seatGroup ?? null };
}

/** Which filter a chip takes off: an index of `equals`, or the hour, the via or the seat group. */
export type DrillFilterName = number | 'hour' | 'via' | 'seatGroup';

export interface DrillChip {
  key: string;
  which: DrillFilterName;
  text: string;
}

/** "Call status: connected" — a filter chip's text, in the list's own column names and labels. */
export function equalsChipText<R>(field: string, value: string | number | null, columns: readonly Column<R>[]): string {
  const column = columns.find((candidate) => candidate.key === field);
  const name = column?.header() ?? field;
  if (value === null) return m.overview_chip_not_recorded({ name });
  const label = column?.kind === 'code' ? column.label(value) : null;
  return m.overview_chip_equals({ name, value: label ?? String(value) });
}

/** "Seat: Alice", or "Seat: not recorded" for the calls without one. */
export function viaChipText(via: ViaFilter): string {
  const name = viaNamed(via.name).label();
  return via.value === null ? m.overview_chip_not_recorded({ name }) : m.overview_chip_equals({ name, value: via.value });
}

export function hourChipText(hour: number): string {
  const from = String(hour).padStart(2, '0');
  return m.overview_chip_hour({ from });
}

/** "Seat group: Sales (#10)": the group as the Overview's row said it. */
export function seatGroupChipText(group: SeatGroupNamed): string {
  return m.overview_chip_equals({ name: m.overview_seat_group(), value: seatGroupText(group) });
}

/** The chips of a list's Overview filters, in the language of the moment. */
export function drillChips<R>(drill: DrillFilters, columns: readonly Column<R>[]): DrillChip[] {
  const equals: DrillChip[] =
    drill.seatGroup !== null
      ? [{ key: 'seat-group', which: 'seatGroup', text: seatGroupChipText(drill.seatGroup) }]
      : drill.equals.map((entry, index) => ({ key: `equals-${index}`, which: index, text: equalsChipText(entry.field, entry.value, columns) }));
  return [
    ...equals,
    ...(drill.hourOfDay === null ? [] : [{ key: 'hour', which: 'hour' as const, text: hourChipText(drill.hourOfDay) }]),
    ...(drill.via === null ? [] : [{ key: 'via', which: 'via' as const, text: viaChipText(drill.via) }]),
  ];
}

/** The filters left when a chip is taken off: the seat group's chip takes all its equals with it. */
export function withoutDrillFilter(drill: DrillFilters, which: DrillFilterName): DrillFilters {
  if (which === 'hour') return { ...drill, hourOfDay: null };
  if (which === 'via') return { ...drill, via: null };
  if (which === 'seatGroup') return { ...drill, equals: [], seatGroup: null };
  return { ...drill, equals: drill.equals.filter((_, index) => index !== which) };
}
