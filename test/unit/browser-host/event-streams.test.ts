/** The browser host's /events streams: a client that never reads is dropped, memory stays bounded. */
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EventStreams, MAX_QUEUED_BYTES, MAX_STREAMS } from '../../../src/main/browser-host/event-streams';

describe('event streams', () => {
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  async function serve(streams: EventStreams): Promise<number> {
    server = createServer((req, res) => streams.add(req, res, 'connected'));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  it('drops a client that never reads, without queueing without limit, and lets it reconnect', async () => {
    const streams = new EventStreams();
    const port = await serve(streams);
    const stalled = connect(port, '127.0.0.1');
    stalled.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    stalled.pause(); // never reads
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(streams.size).toBe(1);

    const frame = 'x'.repeat(16 * 1024);
    let maxQueued = 0;
    for (let i = 0; i < 3 * (MAX_QUEUED_BYTES / frame.length) && streams.size > 0; i++) {
      streams.broadcast('jobProgress', frame);
      maxQueued = Math.max(maxQueued, streams.largestQueue());
      if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(streams.size).toBe(0);
    expect(maxQueued).toBeLessThanOrEqual(MAX_QUEUED_BYTES + frame.length + 100);
    stalled.destroy();

    // A fresh connection (EventSource reconnects by itself) is served again.
    const received = await new Promise<string>((resolve) => {
      get(`http://127.0.0.1:${port}/events`, (res) => {
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('event: notice')) {
            res.destroy();
            resolve(text);
          }
        });
        setTimeout(() => streams.broadcast('notice', '{"kind":"clock-offset"}'), 50);
      });
    });
    expect(received).toContain('data: {"kind":"clock-offset"}');
  });

  it('keeps at most MAX_STREAMS open: one more closes the oldest, and the newest is served', async () => {
    const streams = new EventStreams();
    const port = await serve(streams);
    const open = (): Promise<IncomingMessage> =>
      new Promise((resolve) => get(`http://127.0.0.1:${port}/events`, (res) => resolve(res.setEncoding('utf8'))));
    const first = await open();
    const firstEnded = new Promise<void>((resolve) => first.on('close', () => resolve()).resume());
    for (let i = 1; i < MAX_STREAMS; i++) (await open()).resume();
    expect(streams.size).toBe(MAX_STREAMS);

    const newest = await open();
    await firstEnded;
    expect(streams.size).toBe(MAX_STREAMS);
    const received = new Promise<string>((resolve) => {
      let text = '';
      newest.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('event: notice')) resolve(text);
      });
    });
    streams.broadcast('notice', '{"kind":"clock-offset"}');
    expect(await received).toContain('data: {"kind":"clock-offset"}');
    newest.destroy();
  });
});
