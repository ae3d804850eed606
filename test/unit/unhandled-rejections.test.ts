/** The long-running hosts log a promise rejected with nothing to handle it and go on, where Node would end them. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs a process that rejects a promise nobody handles, with or without the hosts' listener: its exit code and output. */
function rejectUnheard(listening: boolean): { status: number | null; stdout: string } {
  const script = join(mkdtempSync(join(tmpdir(), 'unhandled-')), 'reject.mts');
  writeFileSync(
    script,
    `import { logUnhandledRejections } from ${JSON.stringify(join(process.cwd(), 'src/main/unhandled-rejections.ts'))};
     import { createLogger } from ${JSON.stringify(join(process.cwd(), 'src/main/log.ts'))};
     if (${listening}) logUnhandledRejections(createLogger({ console: false, sink: (line) => console.log(line) }));
     void Promise.reject(new Error('the report day could not be kept'));
     setTimeout(() => console.log('still running'), 100);`,
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout };
}

describe('unhandled rejections', () => {
  it('are logged, with what was rejected, and the process goes on', () => {
    const { status, stdout } = rejectUnheard(true);
    expect(status).toBe(0);
    expect(stdout).toMatch(/ERROR A promise was rejected with nothing to handle it; the app goes on\. .*the report day could not be kept/);
    expect(stdout).toContain('still running');
  });

  it("end the process as Node's default does where nothing listens (the commands)", () => {
    const { status, stdout } = rejectUnheard(false);
    expect(status).toBe(1);
    expect(stdout).not.toContain('still running');
  });
});
