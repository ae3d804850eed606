/**
 * Whose words an error's detail is, and how it is shown: the answering server's own (its
 * reason for a status, the page it sent instead of an answer) are "Server said: …"; the
 * app's or the system's (a file that could not be written, a dropped connection) are
 * "Details: …". Every screen and the CLI show a detail through here.
 */
import { PLATFORM_CODE_PREFIX } from './errors';
import { m } from './i18n';
import type { AppError } from './result';

/** Client codes whose detail is what the server sent: an HTTP error's page, an answer that was not the platform's. */
const SERVER_SENT = new Set(['http', 'http-5xx', 'bad-response']);

/** Whether the error's detail is the server's own words. */
export function detailIsServers(error: Pick<AppError, 'code'>): boolean {
  return error.code.startsWith(PLATFORM_CODE_PREFIX) || SERVER_SENT.has(error.code);
}

/** The error's detail as a line for a person (a terminal's without quotes); null when it has none. */
export function detailLine(error: Pick<AppError, 'code' | 'detail'>, surface: 'screen' | 'terminal' = 'screen'): string | null {
  const { detail } = error;
  if (detail === undefined || detail === '') return null;
  if (!detailIsServers(error)) return m.errors_detail({ detail });
  return surface === 'screen' ? m.export_server_said({ detail }) : m.cli_server_said({ detail });
}
