import type { IncomingMessage } from 'node:http';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

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
