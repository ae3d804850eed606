import {
  LIST_DESCRIPTORS,
  LIST_OPERATIONS,
  listOf,
  type ListOperation,
  type ScreenGroup,
  type Shortcut,
  shortcutsOf,
  type SomeList,
} from '../../../shared/operations';
import { m, type Label } from '../../../shared/i18n';

export interface ScreenInfo {
  /** The list's slug (`voice-records`), or the name of a screen that is not a list. */
  id: ScreenId;
  /** Read as `title()` when shown, so it follows the language. */
  title: Label;
  group: ScreenGroup;
  blurb: Label;
  /** Ctrl/Cmd with this opens the screen; null: it has none. */
  shortcut: Shortcut | null;
}

export type ScreenId = string;

/** The screens that are not lists; each has its component in screens/registry.ts. */
export type OtherScreenId = 'seat-groups' | 'mms' | 'overview' | 'live' | 'accounts';

// Each declares its shortcut, as the lists do in their descriptors: the Overview takes Ctrl+0
// (a daily screen), Live Ctrl+Shift+0 beside it, and Accounts, visited rarely, has none.
const OTHER_SCREENS: readonly (ScreenInfo & { id: OtherScreenId })[] = [
  { id: 'seat-groups', title: m.shell_screen_seat_groups, group: 'Call centre', blurb: m.shell_screen_seat_groups_blurb, shortcut: '6' },
  { id: 'mms', title: m.shell_screen_mms, group: 'Messaging', blurb: m.shell_screen_mms_blurb, shortcut: '9' },
  { id: 'overview', title: m.shell_screen_overview, group: 'Reports', blurb: m.shell_screen_overview_blurb, shortcut: '0' },
  { id: 'live', title: m.shell_screen_live, group: 'Reports', blurb: m.shell_screen_live_blurb, shortcut: 'Shift+0' },
  { id: 'accounts', title: m.shell_screen_accounts, group: 'Settings', blurb: m.shell_screen_accounts_blurb, shortcut: null },
];

const GROUP_ORDER: readonly ScreenGroup[] = ['Records', 'Call centre', 'Numbers', 'Messaging', 'Reports', 'Settings'];

/** The sidebar's heading of each group (the group itself is an id descriptors name). */
const GROUP_LABELS: Readonly<Record<ScreenGroup, Label>> = {
  Records: m.shell_group_records,
  'Call centre': m.shell_group_call_centre,
  Numbers: m.shell_group_numbers,
  Messaging: m.shell_group_messaging,
  Reports: m.shell_group_reports,
  Settings: m.shell_group_settings,
};

/** A group's heading in the language of the moment. */
export function groupLabel(group: ScreenGroup): string {
  return GROUP_LABELS[group]();
}

/** The sidebar's screens in order (by group, lists first within a group, by their `order`), each with the shortcut it declares. */
export function screenClaims(lists: readonly SomeList[]): ScreenInfo[] {
  return [
    ...[...lists]
      .sort((a, b) => a.order - b.order)
      .map((list) => ({ id: list.slug, title: list.endpoint.title, group: list.group, blurb: list.blurb, shortcut: list.shortcut })),
    ...OTHER_SCREENS,
  ].sort((a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group));
}

/** The sidebar of these lists and the other screens, each with the shortcut it declares (a clash opens the first only). */
export function screensOf(lists: readonly SomeList[]): readonly ScreenInfo[] {
  const claims = screenClaims(lists);
  const shortcuts = shortcutsOf(claims);
  return claims.map((screen) => ({ ...screen, shortcut: shortcuts.get(screen.id) ?? null }));
}

export const SCREENS: readonly ScreenInfo[] = screensOf(LIST_DESCRIPTORS);

/** The screen a shortcut opens, if any. */
export function screenOfShortcut(shortcut: Shortcut): ScreenInfo | undefined {
  return SCREENS.find((screen) => screen.shortcut === shortcut);
}

/** The screen that shows each list (its slug), and so owns the jobs that read it. */
export function screenOfOperation(operation: ListOperation): ScreenId {
  return listOf(operation).slug;
}

/** The list a screen shows, or null for a screen that is not a list. */
export function operationOfScreen(id: ScreenId): ListOperation | null {
  return LIST_OPERATIONS.find((operation) => listOf(operation).slug === id) ?? null;
}

/** Where a list's own screen is, if it has one (`team-leaders` → `./lists/TeamLeadersScreen.svelte`, beside the registry). */
export function customListScreenFile(slug: string): string {
  const pascal = slug.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
  return `./lists/${pascal}Screen.svelte`;
}

export function isOtherScreen(id: ScreenId): id is OtherScreenId {
  return OTHER_SCREENS.some((screen) => screen.id === id);
}
