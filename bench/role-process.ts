// A benchmark's helper process: the same bench file run again with a role in its environment
// (a sandbox serving on its own CPU time, a measurement in a process of its own).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** node's arguments that run a TypeScript file through tsx. */
export function tsxArgs(script: string): string[] {
  return [join(dirname(createRequire(script).resolve('tsx/package.json')), 'dist', 'cli.mjs'), script];
}

/**
 * Starts `script` with `env` as a serving role: its first stdout line (JSON) says it is ready;
 * it serves until its stdin closes (`stop`).
 */
export async function startServingRole<T>(script: string, env: Record<string, string>): Promise<{ ready: T; stop: () => void }> {
  const child = spawn(process.execPath, tsxArgs(script), { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  const ready = await new Promise<T>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const newline = buffered.indexOf('\n');
      if (newline >= 0) resolve(JSON.parse(buffered.slice(0, newline)) as T);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  });
  return { ready, stop: () => child.stdin.end() };
}
