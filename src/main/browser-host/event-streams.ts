import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Bytes a client may have waiting unsent before it is dropped: about a whole Load all
 * (100,000 rows) of row events, so a busy but live tab is never dropped, while a tab
 * that stopped reading cannot grow the process until it dies. A dropped EventSource
 * reconnects itself.
 */
export const MAX_QUEUED_BYTES = 64 * 1024 * 1024;

/**
 * Streams open at once: a person's few tabs of one local app. Each may queue up to
 * MAX_QUEUED_BYTES, so the count is capped too. The oldest goes when one more opens: a
 * reloaded tab's new stream is served at once, even before the old one's close is seen.
 */
export const MAX_STREAMS = 8;

/** The open `/events` streams (server-sent events), each with a capped queue, at most MAX_STREAMS of them. */
export class EventStreams {
  private readonly streams = new Set<ServerResponse>();

  get size(): number {
    return this.streams.size;
  }

  add(req: IncomingMessage, res: ServerResponse, greeting: string): void {
    for (const oldest of this.streams) {
      if (this.streams.size < MAX_STREAMS) break;
      this.drop(oldest);
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    // retry: how soon a dropped client's EventSource comes back.
    res.write(`retry: 1000\n: ${greeting}\n\n`);
    this.streams.add(res);
    req.on('close', () => this.streams.delete(res));
  }

  broadcast(name: string, data: string): void {
    const frame = `event: ${name}\ndata: ${data}\n\n`;
    for (const stream of this.streams) {
      if (stream.writableLength + frame.length > MAX_QUEUED_BYTES) this.drop(stream);
      else stream.write(frame);
    }
  }

  /** The most bytes any client has waiting (for tests and diagnostics). */
  largestQueue(): number {
    let largest = 0;
    for (const stream of this.streams) largest = Math.max(largest, stream.writableLength);
    return largest;
  }

  closeAll(): void {
    for (const stream of this.streams) stream.end();
    this.streams.clear();
  }

  private drop(stream: ServerResponse): void {
    this.streams.delete(stream);
    stream.destroy();
  }
}
