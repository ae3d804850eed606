import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';
import { eventNames, type EventName, type PayloadOf } from '../../shared/contract';
import { m } from '../../shared/i18n';
import { fail } from '../../shared/result';
import type { Logger } from '../log';
import type { SandboxOptions } from '../sandbox';
import { CONTENT_SECURITY_POLICY } from '../security/csp';
import { createServices, type EmitEvent, type Services } from '../handlers';
import { removeStalePartials } from '../export/reservation';
import { createBrowserDesktop } from './browser-desktop';
import { DownloadOffers } from './download-offers';
import { EventStreams } from './event-streams';
import { sendJson } from './json-answer';
import { answerUnread, readBody } from './request-body';

/**
 * The browser harness: the real main-process services behind an HTTP bridge that
 * speaks the contract, plus the built renderer as static files. For machines that
 * cannot run Electron, and for the end-to-end suite. Loopback only, random port,
 * and a per-run token that every bridge call must carry.
 */
export interface HarnessOptions {
  rendererDir: string;
  userDataDir: string;
  log: Logger;
  port?: number;
  /** Fixed token (tests); a random one otherwise. */
  token?: string;
  /** Passed to the services (benchmarks start a large sandbox). */
  sandboxOptions?: SandboxOptions;
  /** Where exports are saved (a page cannot choose a path); default: <userData>/exports. */
  exportDir?: string;
}

export interface Harness {
  url: string;
  port: number;
  token: string;
  services: Services;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

const DOWNLOAD_TYPES: Record<string, string> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv; charset=utf-8',
};

/** How a download is answered, to its GET and its HEAD alike. */
function downloadHeaders(path: string, size: number): Record<string, string | number> {
  return {
    'Content-Type': DOWNLOAD_TYPES[extname(path)] ?? 'application/octet-stream',
    'Content-Disposition': attachment(basename(path)),
    'Content-Length': size,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  };
}

/** RFC 6266: a plain-ASCII fallback name and the exact name in UTF-8 (RFC 8187). */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const rendererRoot = resolve(options.rendererDir);
  const streams = new EventStreams();
  const emit: EmitEvent = <E extends EventName>(name: E, payload: PayloadOf<E>) => {
    streams.broadcast(name, JSON.stringify(payload));
  };
  const downloads = new DownloadOffers();
  const exportDir = options.exportDir ?? join(options.userDataDir, 'exports');
  // Leftovers of an export that crashed more than a day ago (ours only).
  removeStalePartials(exportDir);
  const services = createServices({
    userDataDir: options.userDataDir,
    desktop: createBrowserDesktop(exportDir, downloads),
    log: options.log,
    emit,
    sandboxOptions: options.sandboxOptions,
  });
  services.scheduler.start();

  let origin = '';
  const server = createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      options.log.error('harness request failed', error);
      if (!res.headersSent) sendJson(res, 500, fail('internal', m.errors_harness_failed()));
      else res.end();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Refuse other Host names: a page elsewhere cannot rebind its name to our port.
    if (req.headers.host !== new URL(origin).host) return sendText(res, 421, m.errors_wrong_host());
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname.startsWith('/rpc/')) return handleRpc(req, res, url.pathname.slice(5));
    if (url.pathname === '/events') return handleEvents(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, m.errors_method_not_allowed());
    if (url.pathname.startsWith('/download/')) return handleDownload(req, res, url);
    return serveStatic(res, url.pathname);
  }

  function tokenMatches(candidate: string | null | undefined): boolean {
    if (!candidate) return false;
    const a = Buffer.from(candidate);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  async function handleRpc(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    if (req.method !== 'POST') return sendText(res, 405, m.errors_method_not_allowed());
    if (fromOtherOrigin(req)) return sendText(res, 403, m.errors_forbidden());
    if (!tokenMatches(header(req, 'x-switchboard-token'))) return sendText(res, 403, m.errors_forbidden());
    const body = await readBody(req);
    if (body.kind === 'too-large') return answerUnread(req, res, 413, fail('bad-request', m.errors_request_too_large()));
    if (body.kind === 'not-utf8') return sendJson(res, 400, fail('bad-request', m.errors_request_not_utf8()));
    let parsed: unknown;
    try {
      parsed = body.text.length === 0 ? {} : JSON.parse(body.text);
    } catch {
      return sendJson(res, 400, fail('bad-request', m.errors_request_not_json()));
    }
    // `{ "input": … }` and nothing else: a typo in the wrapper would otherwise read as "no input".
    if (!isRpcBody(parsed)) return sendJson(res, 400, fail('bad-request', m.errors_request_not_rpc_body()));
    const input = parsed.input;
    const name = decodedOrNull(method);
    if (name === null) {
      const message = m.errors_rpc_bad_name({ name: method.slice(0, 40) });
      return sendJson(res, 400, { ok: false, error: { code: 'validation', message, fields: { method: message } } });
    }
    sendJson(res, 200, await services.dispatch(name, input));
  }

  /** A page of another origin (its browser says so): never let it call or listen, even with the token. */
  function fromOtherOrigin(req: IncomingMessage): boolean {
    const requestOrigin = req.headers.origin;
    return requestOrigin !== undefined && requestOrigin !== origin;
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET') return sendText(res, 405, m.errors_method_not_allowed());
    if (fromOtherOrigin(req)) return sendText(res, 403, m.errors_forbidden());
    if (!tokenMatches(url.searchParams.get('token'))) return sendText(res, 403, m.errors_forbidden());
    streams.add(req, res, `connected ${eventNames.join(',')}`);
  }

  /**
   * A finished export, once, as an attachment under its own name. The link's one-time ticket
   * is its key (no token: the link lands in the browser's download history); a page of another
   * origin is refused, as for calls.
   */
  async function handleDownload(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (fromOtherOrigin(req)) return sendText(res, 403, m.errors_forbidden());
    const ticket = url.pathname.slice('/download/'.length);
    // A HEAD (a link checker, a browser's probe) is told what the GET would bring and leaves the ticket to it.
    if (req.method === 'HEAD') return describeDownload(res, downloads.peek(ticket));
    const path = downloads.take(ticket);
    if (path === null) return sendText(res, 404, m.errors_download_used());
    let content: Buffer;
    try {
      content = await readFile(path);
    } catch {
      return sendText(res, 404, m.errors_download_gone());
    }
    res.writeHead(200, downloadHeaders(path, content.length));
    res.end(content);
  }

  async function describeDownload(res: ServerResponse, path: string | null): Promise<void> {
    if (path === null) return sendText(res, 404, m.errors_download_used());
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch {
      return sendText(res, 404, m.errors_download_gone());
    }
    res.writeHead(200, downloadHeaders(path, size));
    res.end();
  }

  async function serveStatic(res: ServerResponse, pathname: string): Promise<void> {
    const decoded = decodedOrNull(pathname);
    if (decoded === null) return sendText(res, 404, m.errors_not_found());
    const relative = pathname === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
    const file = normalize(join(rendererRoot, relative));
    if (file !== rendererRoot && !file.startsWith(rendererRoot + sep)) return sendText(res, 404, m.errors_not_found());
    let content: Buffer;
    try {
      content = await readFile(file);
    } catch {
      return sendText(res, 404, m.errors_not_found());
    }
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      // Isolates the page from every other origin (no window references, no cross-origin embeds).
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    res.end(content);
  }

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/#token=${token}`,
    port,
    token,
    services,
    close: async () => {
      streams.closeAll();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await services.close();
    },
  };
}

/** A percent-encoded path part as text; null when it is not valid encoding (`%E0%A4%A`). */
function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function isRpcBody(value: unknown): value is { input?: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).every((key) => key === 'input');
}
