import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** A JSON answer as it goes out: its bytes, and headers stating its type and length (never kept: each answer is for its call). */
export function jsonAnswer(value: unknown): { body: Buffer; headers: OutgoingHttpHeaders } {
  const body = Buffer.from(JSON.stringify(value));
  return {
    body,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length, 'Cache-Control': 'no-store' },
  };
}

/** Answers with JSON and ends the answer. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const { body, headers } = jsonAnswer(value);
  res.writeHead(status, headers);
  res.end(body);
}
