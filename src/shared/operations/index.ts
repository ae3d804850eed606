/**
 * The registry of list operations: everything else (the client, fetch-all, export,
 * the CLI, the bridge, the screens) reads what it needs about a list from here. The
 * descriptors are the files of ./lists, found by name: a new list is a new file there.
 */
import type { DraftOfList, ListDescriptor, ParamsOf, RecordOf, RowOfList, SomeList } from './descriptor';
import { FOUND_LISTS } from './lists/registry.gen';

export * from './descriptor';
export * from './checked';
export * from './shortcuts';

export const LISTS = FOUND_LISTS;

export type Lists = typeof LISTS;
export type ListOperation = keyof Lists;
export type ListParams = { [O in ListOperation]: ParamsOf<Lists[O]> };
export type ListRecords = { [O in ListOperation]: RecordOf<Lists[O]> };
export type ListRows = { [O in ListOperation]: RowOfList<Lists[O]> };
export type ListDrafts = { [O in ListOperation]: DraftOfList<Lists[O]> };
export type RowOf<O extends ListOperation> = ListRows[O];

/** In sidebar order (each descriptor's `order`). */
export const LIST_OPERATIONS: readonly ListOperation[] = (Object.keys(LISTS) as ListOperation[]).sort(
  (a, b) => LISTS[a].order - LISTS[b].order,
);
export const LIST_DESCRIPTORS: readonly SomeList[] = LIST_OPERATIONS.map((operation) => LISTS[operation]);

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
