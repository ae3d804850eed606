/**
 * The browser harness bridge answers only the page it served: every contract method
 * is refused without the per-run token, with a wrong one, and from another origin even
 * with the right one; and nothing a refused call asked for happens.
 */
import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodNames } from '../../../src/shared/contract';
import { startHarness, type Harness } from '../../../src/main/browser-host/server';
import { createLogger } from '../../../src/main/log';
import { builtFile } from '../support/built';

function post(harness: Harness, method: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolveAnswer, reject) => {
    const req = request({ host: '127.0.0.1', port: harness.port, path: `/rpc/${method}`, method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const draft = {
  name: 'Injected over HTTP',
  baseUrl: 'https://api.example.com',
  apiKey: 'injected-key',
  apiSecret: 'injected-secret',
  defaultAppId: '',
  timeZone: '+08:00',
  pageSize: 25,
};

describe('the harness bridge refuses strangers on every method', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({
      rendererDir: join(builtFile('renderer/index.html'), '..'),
      userDataDir: mkdtempSync(join(tmpdir(), 'harness-security-')),
      log: createLogger({ console: false }),
    });
  });
  afterAll(() => harness.close());

  it('refuses a missing token, a wrong token, and a foreign origin with the right token', async () => {
    const json = { 'Content-Type': 'application/json' };
    const strangers: [string, Record<string, string>][] = [
      ['no token', json],
      ['a wrong token', { ...json, 'X-Switchboard-Token': 'x'.repeat(harness.token.length) }],
      ['a token prefix', { ...json, 'X-Switchboard-Token': harness.token.slice(0, -1) }],
      ['another origin', { ...json, 'X-Switchboard-Token': harness.token, Origin: 'https://evil.example' }],
      ['a sandboxed or file page', { ...json, 'X-Switchboard-Token': harness.token, Origin: 'null' }],
      ['another loopback port', { ...json, 'X-Switchboard-Token': harness.token, Origin: `http://127.0.0.1:${harness.port + 1}` }],
      ['a simple form post', { 'Content-Type': 'text/plain' }],
    ];
    for (const name of methodNames) {
      const body = JSON.stringify({ input: name === 'saveProfile' ? draft : undefined });
      for (const [who, headers] of strangers) {
        const answer = await post(harness, name, headers, body);
        expect(answer.status, `${name} with ${who}`).toBe(403);
        expect(answer.body).not.toContain('"ok":true');
      }
    }
  });

  it('does nothing a refused call asked for', async () => {
    const body = JSON.stringify({ input: draft });
    await post(harness, 'saveProfile', { 'Content-Type': 'application/json', 'X-Switchboard-Token': 'wrong' }, body);
    await post(harness, 'saveProfile', { 'Content-Type': 'application/json', 'X-Switchboard-Token': harness.token, Origin: 'https://evil.example' }, body);
    const state = (await harness.services.dispatch('listProfiles', undefined)) as { ok: boolean; value: { profiles: { name: string }[] } };
    expect(state.ok).toBe(true);
    expect(state.value.profiles.map((profile) => profile.name)).not.toContain(draft.name);
  });

  it('answers the page it served (same origin, right token)', async () => {
    const origin = `http://127.0.0.1:${harness.port}`;
    const answer = await post(harness, 'getAppInfo', { 'Content-Type': 'application/json', 'X-Switchboard-Token': harness.token, Origin: origin }, '{}');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true });
  });
});
