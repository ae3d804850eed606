/**
 * The renderer's Content-Security-Policy: only the app's own code and styles, no
 * inline script, no remote origins. `connect-src 'self'` lets the browser harness
 * reach its own loopback bridge; under Electron the page is file:// and makes no
 * network calls at all (everything goes through the preload bridge).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** The dev server needs inline styles for hot reload and a websocket to itself. */
export const DEV_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "style-src 'self'",
  "style-src 'self' 'unsafe-inline'",
).replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*");
