/**
 * The Overview's filters on an archive list (an Overview bucket's, beyond its window) and the
 * chips that say them, each removable: what a chip says and what taking it off leaves.
 */
import type { Column } from '../../../shared/columns';
import type { SeatGroupNamed } from '../../../shared/platform';
import { drillFilterWords, type DrillFilterName } from '../../../shared/reports/drill-words';
import type { DrillDown } from '../../../shared/reports/overview';
import type { ViaFilter } from '../../../shared/reports/via';

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

export interface DrillChip {
  key: string;
  which: DrillFilterName;
  text: string;
}

/** The chips of a list's Overview filters, in the language of the moment, worded as its export's About sheet words them. */
export function drillChips<R>(drill: DrillFilters, columns: readonly Column<R>[]): DrillChip[] {
  return drillFilterWords(drill, columns).map((said) => ({ key: chipKeyOf(said.which), ...said }));
}

function chipKeyOf(which: DrillFilterName): string {
  if (typeof which === 'number') return `equals-${which}`;
  return which === 'seatGroup' ? 'seat-group' : which;
}

/** The filters left when a chip is taken off: the seat group's chip takes all its equals with it. */
export function withoutDrillFilter(drill: DrillFilters, which: DrillFilterName): DrillFilters {
  if (which === 'hour') return { ...drill, hourOfDay: null };
  if (which === 'via') return { ...drill, via: null };
  if (which === 'seatGroup') return { ...drill, equals: [], seatGroup: null };
  return { ...drill, equals: drill.equals.filter((_, index) => index !== which) };
}
