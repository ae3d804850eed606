import { isListOperation, LIST_DESCRIPTORS, type ListOperation, type SomeList } from '../../../shared/operations';
import { OPERATIONS, type OperationId, type OperationInfo } from '../../../shared/platform';
import type { RouteHandler } from './context';
import { FOUND_LIST_ROUTES } from './lists/registry.gen';
import { mmsSend } from './mms-send';
import { seatGroupEdit } from './seat-group-edit';
import { seatGroupRead } from './seat-group-read';

export interface Route {
  /** The operation's id (`seatGroupRead`, or a list's: `voiceRecords`). */
  operation: string;
  info: OperationInfo;
  handle: RouteHandler;
}

/** The routes of a running sandbox, by path. */
export type RouteTable = ReadonlyMap<string, Route>;

/** Each list's route, `lists/<its slug>.ts`, found by file name; a list without one is a type error here. */
const LIST_HANDLERS: Readonly<Record<ListOperation, RouteHandler>> = FOUND_LIST_ROUTES;

const OTHER_HANDLERS: Readonly<Record<OperationId, RouteHandler>> = { seatGroupRead, seatGroupEdit, mmsSend };

function listRoute(list: SomeList): Route {
  const handle = isListOperation(list.id) ? LIST_HANDLERS[list.id] : undefined;
  if (!handle)
    throw new Error(
      `The sandbox has no route for ${list.id}: write src/main/sandbox/routes/lists/${list.slug}.ts (its handler as the default export).`,
    );
  return { operation: list.id, info: list.endpoint, handle };
}

export function routeTable(lists: readonly SomeList[] = LIST_DESCRIPTORS): RouteTable {
  const others = (Object.keys(OPERATIONS) as OperationId[]).map((operation) => ({
    operation,
    info: OPERATIONS[operation],
    handle: OTHER_HANDLERS[operation],
  }));
  return new Map([...lists.map(listRoute), ...others].map((route) => [route.info.path, route]));
}
