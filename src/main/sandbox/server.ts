import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AccountRegistry } from './accounts';
import { authenticate } from './auth';
import type { SandboxData } from './data/types';
import { PlatformError, parameterError, RATE_LIMITED, SYSTEM_ERROR } from './errors';
import { createRateLimiter, type FaultInjector } from './faults';
import type { MmsOutbox } from './mms-outbox';
import type { RequestLog, RequestLogEntry } from './request-log';
import { routeTable, type Route } from './routes';
import type { RouteAnswer, RouteContext } from './routes/context';
import type { SeatGroupStore } from './seat-group-store';

export interface ServerDependencies {
  data: SandboxData;
  seatGroups: SeatGroupStore;
  mms: MmsOutbox;
  accounts: AccountRegistry;
  faults: FaultInjector;
  requestLog: RequestLog;
  quirks: boolean;
}

export interface RunningServer {
  port: number;
  /** Stops listening and drops every connection, as a platform that went offline; `online` listens on the same port again. */
  offline(): Promise<void>;
  online(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
const JSON_TYPE = 'application/json;charset=UTF-8';
const BAD_GATEWAY_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

interface ReceivedBody {
  text: string;
  tooLarge: boolean;
}

function readBody(request: IncomingMessage): Promise<ReceivedBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      resolve({ text: Buffer.concat(chunks).toString('utf8'), tooLarge: bytes > MAX_BODY_BYTES }),
    );
    request.on('error', reject);
  });
}

function headerText(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

function errorAnswer(error: PlatformError): RouteAnswer {
  return { status: String(error.code), reason: error.message };
}

/** Spring Boot's default error body, which is what the platform's gateway answers for a bad path. */
function httpErrorBody(status: number, error: string, path: string, nowMs: number): RouteAnswer {
  return { timestamp: new Date(nowMs).toISOString(), status, error, path };
}

function write(
  response: ServerResponse,
  httpStatus: number,
  contentType: string,
  body: Buffer,
  nowMs: number,
): void {
  response.writeHead(httpStatus, {
    'Content-Type': contentType,
    'Content-Length': body.length,
    Date: new Date(nowMs).toUTCString(),
  });
  response.end(body);
}

/** The `params` object of a JSON body, or null (a write's body, e.g. an MMS's numbers, is never kept). */
function paramsOf(text: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || !('params' in body)) return null;
    const { params } = body;
    return typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startServer(dependencies: ServerDependencies, port: number): Promise<RunningServer> {
  const { faults, requestLog } = dependencies;
  const routes = routeTable();
  const rateLimiter = createRateLimiter();
  const closing = new AbortController();
  const serverNow = (): number => Date.now() + faults.current().clockOffsetSeconds * 1000;

  function runOperation(
    route: Route,
    request: IncomingMessage,
    body: ReceivedBody,
    url: URL,
    entry: RequestLogEntry,
  ): RouteAnswer {
    try {
      const account = authenticate(request.headers, dependencies.accounts, serverNow());
      if (!rateLimiter.admit(account.apiKey, faults.current().rateLimitPerSecond, performance.now())) {
        entry.fault = 'rateLimit';
        throw new PlatformError(RATE_LIMITED, 'query too frequently');
      }
      if (body.tooLarge) throw parameterError(`the body is larger than ${MAX_BODY_BYTES} bytes`);
      const context: RouteContext = {
        rawBody: body.text,
        query: url.searchParams,
        account,
        serverNowMs: serverNow(),
        data: dependencies.data,
        seatGroups: dependencies.seatGroups,
        mms: dependencies.mms,
        quirks: dependencies.quirks,
      };
      return route.handle(context);
    } catch (error) {
      if (error instanceof PlatformError) return errorAnswer(error);
      return errorAnswer(
        new PlatformError(
          SYSTEM_ERROR,
          `system error: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const entry: RequestLogEntry = {
      method,
      path: url.pathname,
      apiKey: headerText(request, 'api-key'),
      status: null,
      fault: null,
      at: Date.now(),
      params: null,
    };
    const respondJson = (answer: RouteAnswer): Buffer => {
      entry.status = answer.status === undefined || answer.status === null ? null : String(answer.status);
      return Buffer.from(JSON.stringify(answer), 'utf8');
    };
    try {
      const body = await readBody(request);
      const plan = faults.plan();
      if (plan.delayMs > 0) await sleep(plan.delayMs, undefined, { signal: closing.signal });
      const route = routes.get(url.pathname);
      if (route && !route.info.write) entry.params = paramsOf(body.text);
      if (!route) {
        write(
          response,
          404,
          JSON_TYPE,
          respondJson(httpErrorBody(404, 'Not Found', url.pathname, serverNow())),
          serverNow(),
        );
        return;
      }
      if (route.info.method !== method) {
        const answer = httpErrorBody(405, 'Method Not Allowed', url.pathname, serverNow());
        write(response, 405, JSON_TYPE, respondJson(answer), serverNow());
        return;
      }
      // Faults apply to every operation, writes included, so clients can prove they do not retry writes.
      if (plan.outcome === 'html502') {
        entry.fault = 'html502';
        write(response, 502, 'text/html', Buffer.from(BAD_GATEWAY_PAGE), serverNow());
        return;
      }
      if (plan.outcome === 'systemError') {
        entry.fault = 'systemError';
        const answer = errorAnswer(new PlatformError(SYSTEM_ERROR, 'system error'));
        write(response, 200, JSON_TYPE, respondJson(answer), serverNow());
        return;
      }
      if (plan.outcome === 'rateLimit') {
        entry.fault = 'rateLimit';
        const answer = errorAnswer(new PlatformError(RATE_LIMITED, 'query too frequently'));
        write(response, 200, JSON_TYPE, respondJson(answer), serverNow());
        return;
      }
      const payload = respondJson(runOperation(route, request, body, url, entry));
      if (plan.outcome === 'drop') {
        // Processed (a write took effect) but the answer is lost.
        entry.fault = 'drop';
        entry.status = null;
        response.socket?.destroy();
        return;
      }
      if (plan.outcome === 'truncate') {
        entry.fault = 'truncate';
        entry.status = null;
        write(response, 200, JSON_TYPE, payload.subarray(0, Math.floor(payload.length / 2)), serverNow());
        return;
      }
      write(response, 200, JSON_TYPE, payload, serverNow());
    } catch {
      // Client went away or the sandbox is closing.
      response.destroy();
    } finally {
      requestLog.add(entry);
    }
  }

  const server: Server = createServer((request, response) => {
    void handle(request, response);
  });
  const listen = (on: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(port);
  const address = server.address() as AddressInfo;
  return {
    port: address.port,
    offline: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    online: () => (server.listening ? Promise.resolve() : listen(address.port)),
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
