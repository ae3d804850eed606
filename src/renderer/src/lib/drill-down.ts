import type { DrillDown } from '../../../shared/reports/overview';
import { navigation } from './navigation.svelte';
import { screenOfOperation } from './screens';
import { viewFor } from './views.svelte';

/** Opens the list screen of a drill's operation on the archived rows behind an Overview bucket. */
export function openDrillDown(drill: DrillDown): void {
  void viewFor(drill.operation).openDrill(drill);
  navigation.go(screenOfOperation(drill.operation));
}
