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

const HANDLERS: Readonly<Record<OperationId, RouteHandler>> = {
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
  operation: OperationId;
  info: OperationInfo;
  handle: RouteHandler;
}

const ROUTES: ReadonlyMap<string, Route> = new Map(
  (Object.keys(OPERATIONS) as OperationId[]).map((operation) => [
    OPERATIONS[operation].path,
    { operation, info: OPERATIONS[operation], handle: HANDLERS[operation] },
  ]),
);

export function findRoute(path: string): Route | undefined {
  return ROUTES.get(path);
}
