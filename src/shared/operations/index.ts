/**
 * The registry of list operations: everything else (the client, fetch-all, export,
 * the CLI, the bridge, the screens) reads what it needs about a list from here.
 */
import { axbBindings } from './axb-bindings';
import type { DraftOfList, ListDescriptor, ParamsOf, RecordOf, RowOfList, SomeList } from './descriptor';
import { numberRecords } from './number-records';
import { numbers } from './numbers';
import { seats } from './seats';
import { taskDetails } from './task-details';
import { teamLeaders } from './team-leaders';
import { voiceRecords } from './voice-records';

export * from './descriptor';
export * from './checked';

/** In sidebar order. */
export const LISTS = {
  voiceRecords,
  taskDetails,
  numberRecords,
  seats,
  teamLeaders,
  numbers,
  axbBindings,
} as const;

export type Lists = typeof LISTS;
export type ListOperation = keyof Lists;
export type ListParams = { [O in ListOperation]: ParamsOf<Lists[O]> };
export type ListRecords = { [O in ListOperation]: RecordOf<Lists[O]> };
export type ListRows = { [O in ListOperation]: RowOfList<Lists[O]> };
export type ListDrafts = { [O in ListOperation]: DraftOfList<Lists[O]> };
export type RowOf<O extends ListOperation> = ListRows[O];

export const LIST_OPERATIONS = Object.keys(LISTS) as ListOperation[];
export const LIST_DESCRIPTORS: readonly SomeList[] = Object.values(LISTS);

export function isListOperation(value: string): value is ListOperation {
  return Object.hasOwn(LISTS, value);
}

/** Each operation's descriptor with its types spelled out per operation, so generic code keeps them. */
type ListMap = {
  [O in ListOperation]: ListDescriptor<ListParams[O], ListRecords[O], ListRows[O], ListDrafts[O]>;
};
const LIST_MAP: ListMap = LISTS;

export function listOf<O extends ListOperation>(operation: O): ListMap[O] {
  return LIST_MAP[operation];
}
