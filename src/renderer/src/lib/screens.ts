import type { ListOperation } from '../../../shared/lists';

export interface ScreenInfo {
  id: ScreenId;
  title: string;
  group: 'Records' | 'Call centre' | 'Numbers' | 'Messaging' | 'Settings';
  blurb: string;
}

export type ScreenId =
  | 'voice-records'
  | 'task-details'
  | 'number-records'
  | 'seats'
  | 'team-leaders'
  | 'numbers'
  | 'axb-bindings'
  | 'seat-groups'
  | 'mms'
  | 'accounts';

/** In sidebar order; Ctrl/Cmd+1 … Ctrl/Cmd+0 jump to the first ten. */
export const SCREENS: readonly ScreenInfo[] = [
  { id: 'voice-records', title: 'Voice records', group: 'Records', blurb: 'Group-call and verification-code call records.' },
  { id: 'task-details', title: 'Task details', group: 'Records', blurb: 'Rows of a preview-dialling task.' },
  { id: 'number-records', title: 'Number records', group: 'Records', blurb: 'Call records of your purchased numbers.' },
  { id: 'seats', title: 'Seats', group: 'Call centre', blurb: 'Agents, their groups and their status.' },
  { id: 'team-leaders', title: 'Team leaders', group: 'Call centre', blurb: 'Team leaders and the seat groups they lead.' },
  { id: 'seat-groups', title: 'Seat groups', group: 'Call centre', blurb: 'Read and edit the basic settings of a seat group.' },
  { id: 'numbers', title: 'Numbers', group: 'Numbers', blurb: 'Purchased numbers with their voicemail settings.' },
  { id: 'axb-bindings', title: 'AXB bindings', group: 'Numbers', blurb: 'Number-masking binding relations.' },
  { id: 'mms', title: 'MMS', group: 'Messaging', blurb: 'Compose and send multimedia messages.' },
  { id: 'accounts', title: 'Accounts', group: 'Settings', blurb: 'Profiles, keys and the sandbox.' },
];

export function shortcutDigit(index: number): string | null {
  if (index < 9) return String(index + 1);
  return index === 9 ? '0' : null;
}

/** The screen that shows each list, and so owns the jobs that read it. */
export const SCREEN_OF_OPERATION: Readonly<Record<ListOperation, ScreenId>> = {
  voiceRecords: 'voice-records',
  taskDetails: 'task-details',
  numberRecords: 'number-records',
  seats: 'seats',
  teamLeaders: 'team-leaders',
  numbers: 'numbers',
  axbBindings: 'axb-bindings',
};
