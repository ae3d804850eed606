import type { IncomingMessage } from 'node:http';
import { base64Length } from '../../shared/base64';
import { MMS_IMPORT_MAX_BYTES } from '../../shared/methods/mms';
import { CHART_IMAGE_MAX_BYTES } from '../../shared/methods/reports';

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
 */
export function readBody(req: IncomingMessage): Promise<BodyRead> {
  return new Promise((resolveBody, rejectBody) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolveBody(tooLarge ? { kind: 'too-large' } : decodeUtf8(Buffer.concat(chunks))));
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
