import { LIST_DESCRIPTORS, LIST_OPERATIONS, listOf, type ListOperation, type ScreenGroup } from '../../../shared/operations';

export interface ScreenInfo {
  /** The list's slug (`voice-records`), or the name of a screen that is not a list. */
  id: ScreenId;
  title: string;
  group: ScreenGroup;
  blurb: string;
}

export type ScreenId = string;

/** The screens that are not lists; each has its component in screens/registry.ts. */
export type OtherScreenId = 'seat-groups' | 'mms' | 'overview' | 'accounts';

const OTHER_SCREENS: readonly (ScreenInfo & { id: OtherScreenId })[] = [
  { id: 'seat-groups', title: 'Seat groups', group: 'Call centre', blurb: 'Read and edit the basic settings of a seat group.' },
  { id: 'mms', title: 'MMS', group: 'Messaging', blurb: 'Compose and send multimedia messages.' },
  { id: 'overview', title: 'Overview', group: 'Reports', blurb: 'Calls, connect rate, talk time, cost, seats and MMS for a window, from the archive.' },
  { id: 'accounts', title: 'Accounts', group: 'Settings', blurb: 'Profiles, keys and the sandbox.' },
];

// Reports before Settings: the Overview takes Ctrl+0 (a daily screen) and Accounts, visited rarely, has none.
const GROUP_ORDER: readonly ScreenGroup[] = ['Records', 'Call centre', 'Numbers', 'Messaging', 'Reports', 'Settings'];

/** In sidebar order (by group, lists first within a group); Ctrl/Cmd+1 … Ctrl/Cmd+0 jump to the first ten. */
export const SCREENS: readonly ScreenInfo[] = [
  ...LIST_DESCRIPTORS.map((list) => ({ id: list.slug, title: list.endpoint.title, group: list.group, blurb: list.blurb })),
  ...OTHER_SCREENS,
].sort((a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group));

export function shortcutDigit(index: number): string | null {
  if (index < 9) return String(index + 1);
  return index === 9 ? '0' : null;
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
