import type { Column } from '../../../shared/columns';
import { m } from '../../../shared/i18n';
import type { DrillDown } from '../../../shared/reports/overview';
import { viaNamed, type ViaFilter } from '../../../shared/reports/via';
import { navigation } from './navigation.svelte';
import { screenOfOperation } from './screens';
import { viewFor } from './views.svelte';

/** Opens the list screen of a drill's operation on the archived rows behind an Overview bucket. */
export function openDrillDown(drill: DrillDown): void {
  void viewFor(drill.operation).openDrill(drill);
  navigation.go(screenOfOperation(drill.operation));
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
