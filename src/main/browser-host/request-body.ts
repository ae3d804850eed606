import type { IncomingMessage, ServerResponse } from 'node:http';
import { base64Length } from '../../shared/base64';
import { MMS_IMPORT_MAX_BYTES } from '../../shared/methods/mms';
import { CHART_IMAGE_MAX_BYTES } from '../../shared/methods/reports';
import { jsonAnswer } from './json-answer';

/** Room in a body for the JSON around its file (names, the wrapper). */
const BODY_ROOM_BYTES = 1024 * 1024;

/**
 * The largest request body read: the largest file a request carries (a recipients file or a
 * chart's picture, each with its own limit, sent as base64) and the JSON around it. Derived,
 * so a file the screen accepts always fits.
 */
export const MAX_BODY_BYTES = base64Length(Math.max(MMS_IMPORT_MAX_BYTES, CHART_IMAGE_MAX_BYTES)) + BODY_ROOM_BYTES;

/** A request body as text, or why it was not read. */
export type BodyRead = { kind: 'text'; text: string } | { kind: 'too-large' } | { kind: 'not-utf8' };

/**
 * Reads a request body as UTF-8. Bytes that are not UTF-8 are refused rather than turned
 * into U+FFFD: a name or a message sent in another encoding would otherwise be kept
 * silently changed. A byte-order mark is kept as text (JSON allows none).
 *
 * A body declared or found larger than `maxBytes` is `too-large` at once and reading stops
 * there: the caller answers with `answerUnread`.
 */
export function readBody(req: IncomingMessage, maxBytes: number = MAX_BODY_BYTES): Promise<BodyRead> {
  if (Number(req.headers['content-length']) > maxBytes) return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolveBody, rejectBody) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.off('end', onEnd);
      req.pause();
      resolveBody({ kind: 'too-large' });
    };
    const onEnd = (): void => resolveBody(decodeUtf8(Buffer.concat(chunks)));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', rejectBody);
  });
}

function decodeUtf8(bytes: Buffer): BodyRead {
  try {
    return { kind: 'text', text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return { kind: 'not-utf8' };
  }
}

/** How long a connection stays open, unread, after answering a body left unread: time for the client to read the answer. */
export const CLOSE_UNREAD_AFTER_MS = 1_000;

/**
 * Answers a request whose body is left unread, then closes the connection. Nothing more of
 * the body is read. Closing at once, while the client is still sending, resets the
 * connection, and a client can lose the answer to that reset; so the answer goes out whole
 * (its length stated, `Connection: close`) and the connection closes a moment later.
 */
export function answerUnread(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
  req.pause();
  const { body, headers } = jsonAnswer(value);
  res.writeHead(status, { ...headers, Connection: 'close' });
  res.write(body);
  const socket = req.socket;
  const closing = setTimeout(() => socket.destroy(), CLOSE_UNREAD_AFTER_MS);
  closing.unref();
  socket.once('close', () => clearTimeout(closing));
}
