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

export interface ScreenInfo {
  /** The list's slug (`voice-records`), or the name of a screen that is not a list. */
  id: ScreenId;
  title: string;
  group: ScreenGroup;
  blurb: string;
  /** Ctrl/Cmd with this opens the screen; null: it has none. */
  shortcut: Shortcut | null;
}

export type ScreenId = string;

/** The screens that are not lists; each has its component in screens/registry.ts. */
export type OtherScreenId = 'seat-groups' | 'mms' | 'overview' | 'live' | 'accounts';

// Each declares its shortcut, as the lists do in their descriptors: the Overview takes Ctrl+0
// (a daily screen), Live Ctrl+Shift+0 beside it, and Accounts, visited rarely, has none.
const OTHER_SCREENS: readonly (ScreenInfo & { id: OtherScreenId })[] = [
  { id: 'seat-groups', title: 'Seat groups', group: 'Call centre', blurb: 'Read and edit the basic settings of a seat group.', shortcut: '6' },
  { id: 'mms', title: 'MMS', group: 'Messaging', blurb: 'Compose and send multimedia messages.', shortcut: '9' },
  { id: 'overview', title: 'Overview', group: 'Reports', blurb: 'Calls, connect rate, talk time, cost, seats and MMS for a window, from the archive.', shortcut: '0' },
  { id: 'live', title: 'Live', group: 'Reports', blurb: 'The floor right now: seats by status, today so far beside yesterday, thresholds and alerts.', shortcut: 'Shift+0' },
  { id: 'accounts', title: 'Accounts', group: 'Settings', blurb: 'Profiles, keys and the sandbox.', shortcut: null },
];

const GROUP_ORDER: readonly ScreenGroup[] = ['Records', 'Call centre', 'Numbers', 'Messaging', 'Reports', 'Settings'];

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
