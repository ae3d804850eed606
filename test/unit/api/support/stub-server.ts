/** A tiny scripted HTTP server for transport and client tests: each request gets the next handler. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The client's socket port: equal for requests on one keep-alive connection. */
  remotePort: number | undefined;
}

export type StubHandler = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

export interface StubServer {
  baseUrl: string;
  requests: ReceivedRequest[];
  /** Handlers used in turn; the last one repeats. */
  script(...handlers: StubHandler[]): void;
  close(): Promise<void>;
}

export async function startStubServer(): Promise<StubServer> {
  let handlers: StubHandler[] = [json({ status: '0', reason: 'success', data: null })];
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        remotePort: req.socket.remotePort,
      };
      requests.push(received);
      const handler = handlers.length > 1 ? (handlers.shift() as StubHandler) : handlers[0];
      void handler(received, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    script(...next) {
      handlers = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(body: unknown, httpStatus = 200, headers: Record<string, string> = {}): StubHandler {
  return (_request, response) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(httpStatus, { 'Content-Type': 'application/json;charset=UTF-8', ...headers });
    response.end(text);
  };
}

export function raw(
  text: string,
  httpStatus: number,
  contentType: string,
  headers: Record<string, string> = {},
): StubHandler {
  return (_request, response) => {
    response.writeHead(httpStatus, { 'Content-Type': contentType, ...headers });
    response.end(text);
  };
}

/** Answers after a delay (for timeouts). */
export function delayed(ms: number, then: StubHandler): StubHandler {
  return (request, response) => {
    const timer = setTimeout(() => void then(request, response), ms);
    response.on('close', () => clearTimeout(timer));
  };
}

/** Closes the connection without answering. */
export const drop: StubHandler = (_request, response) => {
  response.socket?.destroy();
};

/** Declares a longer body than it sends, then closes: the client sees a cut-off answer. */
export function cutOff(text: string): StubHandler {
  return (_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(text) * 2),
    });
    response.write(text);
    setTimeout(() => response.socket?.destroy(), 10);
  };
}

export const success = (extra: Record<string, unknown> = {}): StubHandler =>
  json({ status: '0', reason: 'success', ...extra });
export const platformStatus = (
  status: number | string,
  reason = 'failure',
  headers: Record<string, string> = {},
): StubHandler => json({ status, reason }, 200, headers);

export function page(records: unknown[], total = records.length, current = 1, size = 100): StubHandler {
  return success({ data: { total, size, current, pages: Math.ceil(total / size), records } });
}
