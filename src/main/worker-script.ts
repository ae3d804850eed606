/**
 * Where a worker thread's script is: electron-vite bundles each worker as an entry of its
 * own (out/main/<name>.js), found next to the running bundle or one folder up (from a
 * chunk). When the services run from source (tests, benchmarks), the TypeScript file
 * itself is run in the worker through tsx's require hook.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface WorkerScript {
  file: string;
  execArgv: string[];
}

/** The bundled `bundled` next to the running code, else the TypeScript `source` in `dir` through tsx. */
export function workerScript(bundled: string, source: string, dir: string): WorkerScript | null {
  for (const candidate of [join(dir, bundled), join(dir, '..', bundled)]) {
    if (existsSync(candidate)) return { file: candidate, execArgv: [] };
  }
  const typescript = join(dir, source);
  if (existsSync(typescript)) {
    const tsx = createRequire(typescript).resolve('tsx/cjs');
    return { file: typescript, execArgv: ['--require', tsx] };
  }
  return null;
}
