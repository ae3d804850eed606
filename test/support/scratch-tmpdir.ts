/**
 * Vitest's global setup: every temporary file or folder the tests make goes under one
 * folder of this run, removed when the run ends, so no run leaves hundreds behind in the
 * system's temporary folder. Workers inherit the variables, and os.tmpdir() reads them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'switchboard-unit-'));
  for (const name of ['TMPDIR', 'TMP', 'TEMP']) process.env[name] = root;
  return () => rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
