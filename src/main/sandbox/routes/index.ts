import { isListOperation, LIST_DESCRIPTORS, type ListOperation, type SomeList } from '../../../shared/operations';
import { OPERATIONS, type OperationId, type OperationInfo } from '../../../shared/platform';
import type { RouteHandler } from './context';
import axbBindings from './lists/axb-bindings';
import numberRecords from './lists/number-records';
import numbers from './lists/numbers';
import seats from './lists/seats';
import taskDetails from './lists/task-details';
import teamLeaders from './lists/team-leaders';
import voiceRecords from './lists/voice-records';
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

/**
 * Each list's route, `lists/<its slug>.ts`. Written out (not found by name at run time)
 * because the sandbox also runs under loaders that cannot import TypeScript by a computed
 * name (the end-to-end runner); a list left out here is a type error.
 */
const LIST_HANDLERS: Readonly<Record<ListOperation, RouteHandler>> = {
  voiceRecords,
  taskDetails,
  numberRecords,
  seats,
  teamLeaders,
  numbers,
  axbBindings,
};

const OTHER_HANDLERS: Readonly<Record<OperationId, RouteHandler>> = { seatGroupRead, seatGroupEdit, mmsSend };

function listRoute(list: SomeList): Route {
  const handle = isListOperation(list.id) ? LIST_HANDLERS[list.id] : undefined;
  if (!handle)
    throw new Error(
      `The sandbox has no route for ${list.id}: write src/main/sandbox/routes/lists/${list.slug}.ts and add it to LIST_HANDLERS.`,
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
