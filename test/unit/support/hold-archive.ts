import { spawn, type ChildProcess } from 'node:child_process';

/** A child process that opens the archive file and keeps it until killed. */
export async function holdInChild(path: string): Promise<ChildProcess> {
  const script = `
    const { DuckDBInstance } = require('@duckdb/node-api');
    require('node:fs').mkdirSync(require('node:path').dirname(${JSON.stringify(path)}), { recursive: true });
    DuckDBInstance.create(${JSON.stringify(path)}).then(() => { process.stdout.write('held\\n'); setInterval(() => {}, 1000); });
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('held')) resolve();
    });
    child.once('exit', () => reject(new Error('the holder exited')));
  });
  return child;
}
