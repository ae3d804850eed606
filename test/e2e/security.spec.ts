import { expect, test } from './fixtures';

/**
 * A real browser on another site, even one that has learned the harness's port and
 * token, cannot drive the bridge: the cross-origin call is refused and nothing is saved.
 */
test('another site in the same browser cannot call the harness bridge', async ({ page, harness }) => {
  await page.route('https://evil.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>evil</title><p>evil</p>' }),
  );
  await page.goto('https://evil.example/');
  const bridge = `http://127.0.0.1:${harness.port}`;
  const draft = { name: 'Injected from evil', baseUrl: 'https://api.example.com', apiKey: 'k', apiSecret: 's', defaultAppId: '', timeZone: '+08:00', pageSize: 25 };

  const outcomes = await page.evaluate(
    async ({ bridge, token, draft }) => {
      const attempt = async (init: RequestInit): Promise<string> => {
        try {
          const response = await fetch(`${bridge}/rpc/saveProfile`, { method: 'POST', ...init });
          return init.mode === 'no-cors' ? `opaque:${response.type}` : `status:${response.status}`;
        } catch {
          return 'blocked';
        }
      };
      const body = JSON.stringify({ input: draft });
      return {
        withToken: await attempt({ headers: { 'Content-Type': 'application/json', 'X-Switchboard-Token': token }, body }),
        simplePost: await attempt({ mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body }),
      };
    },
    { bridge, token: harness.token, draft },
  );
  // The preflight for the token header fails, so the page never sees an answer.
  expect(outcomes.withToken).toBe('blocked');
  // A simple request may or may not leave the browser (Chromium's private-network rules
  // decide); either way the page learns nothing from it.
  expect(outcomes.simplePost).not.toMatch(/^status:/);
  // Sent as that browser would send it, the harness refuses it unread: wrong origin, and no token.
  const simple = await page.request.post(`${bridge}/rpc/saveProfile`, {
    headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
    data: JSON.stringify({ input: draft }),
  });
  expect(simple.status()).toBe(403);
  const withoutOrigin = await page.request.post(`${bridge}/rpc/saveProfile`, {
    headers: { 'Content-Type': 'text/plain' },
    data: JSON.stringify({ input: draft }),
  });
  expect(withoutOrigin.status()).toBe(403);

  const state = (await harness.services.dispatch('listProfiles', undefined)) as { ok: boolean; value: { profiles: { name: string }[] } };
  expect(state.ok).toBe(true);
  expect(state.value.profiles.map((profile) => profile.name)).not.toContain(draft.name);
});

test('the app page cannot be framed by, or leak its token to, the sites it links to', async ({ app, harness }) => {
  const response = await app.request.get(`http://127.0.0.1:${harness.port}/`);
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers()['referrer-policy']).toBe('no-referrer');
  // The token lives in the fragment, which browsers never send to a server.
  expect(new URL(app.url()).hash).toContain('token=');
  await app.screenshot({ path: 'test-results/screens/security.png' });
});
