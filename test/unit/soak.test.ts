// Runs the leak soak (test/soak/soak.ts, also `npm run soak`) in a process of its own,
// so its heap figures are not mixed with the test runner's.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

it('a 200,000-record export under faults, with paging beside it, completes exactly and leaves the heap where it was', async () => {
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join('test', 'soak', 'soak.ts')], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (exitCode) => resolve({ code: exitCode, stdout, stderr }));
  });
  const line = stdout.split('\n').find((text) => text.startsWith('{"soak"'));
  expect(line, `the soak printed no figures; stderr: ${stderr}`).toBeDefined();
  const figures = JSON.parse(line ?? '{}') as { rows: number; exportRows: number; failures: number; ratio: number; pages: number };
  console.log(line);
  expect(stderr).toBe('');
  expect(figures).toMatchObject({ rows: 200_000, exportRows: 200_000, failures: 0 });
  expect(figures.pages).toBeGreaterThan(100);
  expect(figures.ratio).toBeLessThanOrEqual(1.1);
  expect(code).toBe(0);
}, 300_000);
