import type { Component } from 'svelte';
import { customListScreenFile, type OtherScreenId } from '../lib/screens';
import AccountsScreen from './AccountsScreen.svelte';
import MmsScreen from './MmsScreen.svelte';
import OverviewScreen from './OverviewScreen.svelte';
import LiveScreen from './LiveScreen.svelte';
import SeatGroupsScreen from './SeatGroupsScreen.svelte';

/** The screens that are not lists. */
export const OTHER_SCREEN_COMPONENTS: Readonly<Record<OtherScreenId, Component>> = {
  'seat-groups': SeatGroupsScreen,
  accounts: AccountsScreen,
  mms: MmsScreen,
  overview: OverviewScreen,
  live: LiveScreen,
};

/**
 * Lists with a screen of their own, found by name: the list `team-leaders` has
 * `lists/TeamLeadersScreen.svelte`. Every other list is drawn from its descriptor.
 */
const CUSTOM_LIST_SCREENS = import.meta.glob<Component>('./lists/*Screen.svelte', { eager: true, import: 'default' });

export function customListScreen(slug: string): Component | undefined {
  return CUSTOM_LIST_SCREENS[customListScreenFile(slug)];
}
