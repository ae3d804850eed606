import type { Component } from 'svelte';
import type { ScreenId } from '../lib/screens';
import AccountsScreen from './AccountsScreen.svelte';
import MmsScreen from './MmsScreen.svelte';
import OverviewScreen from './OverviewScreen.svelte';
import SeatGroupsScreen from './SeatGroupsScreen.svelte';
import AxbBindingsScreen from './lists/AxbBindingsScreen.svelte';
import NumberRecordsScreen from './lists/NumberRecordsScreen.svelte';
import NumbersScreen from './lists/NumbersScreen.svelte';
import SeatsScreen from './lists/SeatsScreen.svelte';
import TaskDetailsScreen from './lists/TaskDetailsScreen.svelte';
import TeamLeadersScreen from './lists/TeamLeadersScreen.svelte';
import VoiceRecordsScreen from './lists/VoiceRecordsScreen.svelte';

/** The component for each screen that has one; the others show their placeholder. */
export const SCREEN_COMPONENTS: Partial<Record<ScreenId, Component>> = {
  'voice-records': VoiceRecordsScreen,
  'task-details': TaskDetailsScreen,
  'number-records': NumberRecordsScreen,
  seats: SeatsScreen,
  'team-leaders': TeamLeadersScreen,
  numbers: NumbersScreen,
  'axb-bindings': AxbBindingsScreen,
  'seat-groups': SeatGroupsScreen,
  accounts: AccountsScreen,
  mms: MmsScreen,
  overview: OverviewScreen,
};
