import { LIST_OPERATIONS, LISTS, type ListOperation } from '../../../shared/operations';
import { OPERATIONS, type OperationId, type OperationInfo } from '../../../shared/platform';
import { axbBindings } from './axb-bindings';
import type { RouteHandler } from './context';
import { mmsSend } from './mms-send';
import { numberRecords } from './number-records';
import { numbers } from './numbers';
import { seatGroupEdit } from './seat-group-edit';
import { seatGroupRead } from './seat-group-read';
import { seats } from './seats';
import { taskDetails } from './task-details';
import { teamLeaders } from './team-leaders';
import { voiceRecords } from './voice-records';

const HANDLERS: Readonly<Record<OperationId | ListOperation, RouteHandler>> = {
  voiceRecords,
  taskDetails,
  numberRecords,
  seats,
  teamLeaders,
  numbers,
  axbBindings,
  seatGroupRead,
  seatGroupEdit,
  mmsSend,
};

export interface Route {
  operation: OperationId | ListOperation;
  info: OperationInfo;
  handle: RouteHandler;
}

const ENDPOINTS: ReadonlyMap<OperationId | ListOperation, OperationInfo> = new Map<OperationId | ListOperation, OperationInfo>([
  ...LIST_OPERATIONS.map((operation) => [operation, LISTS[operation].endpoint] as const),
  ...(Object.keys(OPERATIONS) as OperationId[]).map((operation) => [operation, OPERATIONS[operation]] as const),
]);

const ROUTES: ReadonlyMap<string, Route> = new Map(
  [...ENDPOINTS].map(([operation, info]) => [info.path, { operation, info, handle: HANDLERS[operation] }]),
);

export function findRoute(path: string): Route | undefined {
  return ROUTES.get(path);
}
