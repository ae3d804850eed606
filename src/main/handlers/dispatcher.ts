import {
  contract,
  isMethodName,
  type EventName,
  type MethodName,
  type PayloadOf,
  type RequestOf,
  type ResultOf,
} from '../../shared/contract';
import { readStoppedResult } from '../archive/read-stopped';
import { fileRefusalResult } from './file-refusal';
import { echoInput } from '../../shared/echo';
import { m } from '../../shared/i18n';
import { RequestShapeError } from '../../shared/parse';
import { fail, type AppError, type Result } from '../../shared/result';
import type { Logger } from '../log';

export type Handlers = {
  [M in MethodName]: (request: RequestOf<M>) => Promise<Result<ResultOf<M>>> | Result<ResultOf<M>>;
};

/** How main tells every window (or browser tab) that something happened. */
export type EmitEvent = <E extends EventName>(name: E, payload: PayloadOf<E>) => void;

export type Dispatch = (method: string, input: unknown) => Promise<Result<unknown>>;

/**
 * The single entry point for every host (Electron IPC, the browser harness, tests):
 * checks the method name and the request shape, runs the handler, and turns anything
 * thrown into an error result so nothing throws across the bridge.
 */
export function createDispatcher(handlers: Handlers, log: Logger, dataFolder: string): Dispatch {
  return async (method, input) => {
    if (!isMethodName(method)) return fail('unknown-method', m.errors_unknown_method({ method: echoInput(method) }));
    let request: unknown;
    try {
      request = contract[method].parse(input);
    } catch (error) {
      if (error instanceof RequestShapeError) return { ok: false, error: shapeRefusal(error) };
      throw error;
    }
    try {
      const handler = handlers[method] as (request: unknown) => Promise<Result<unknown>> | Result<unknown>;
      return await handler(request);
    } catch (error) {
      // An archive read stopped by its time limit, a flood of reads or its asker says so, whatever method asked for it.
      const stopped = readStoppedResult(error);
      if (stopped) return stopped;
      // A full disk, a file it may not write: the file system's answer, not a fault of the app.
      const refused = fileRefusalResult(error, dataFolder);
      if (refused) {
        log.warn(`handler ${method}: the file system refused`, error);
        return refused;
      }
      log.error(`handler ${method} failed`, error);
      return fail('internal', m.errors_internal());
    }
  };
}

/**
 * A request of the wrong shape stays `bad-request` (the caller's mistake, not a value the
 * user typed), but names its field in `fields` too, so a form can show it there.
 */
function shapeRefusal(error: RequestShapeError): AppError {
  const refusal: AppError = { code: 'bad-request', message: m.errors_bad_request(), detail: error.message };
  if (error.path !== '') refusal.fields = { [error.path]: error.problem };
  return refusal;
}
