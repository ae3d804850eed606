import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as WorkerThreads from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportQueue, MAX_WAITING_IMPORTS } from '../../../src/main/mms/import-queue';
import { importRecipientFile } from '../../../src/main/mms/recipient-import';
import type { ImportedRecipients } from '../../../src/shared/methods/mms';
import { ok, type Result } from '../../../src/shared/result';
import { startTestServices, type TestServices } from '../support/services';

/** Every import worker thread the app starts, counted from its start to its exit. */
const workers = vi.hoisted(() => ({ live: 0, most: 0 }));
vi.mock('node:worker_threads', async (importOriginal) => {
  const actual = await importOriginal<typeof WorkerThreads>();
  class CountedWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      workers.live += 1;
      workers.most = Math.max(workers.most, workers.live);
      this.once('exit', () => {
        workers.live -= 1;
      });
    }
  }
  return { ...actual, Worker: CountedWorker };
});

interface Held {
  release(): void;
}

/** A read that runs until released, noting when it starts. */
function heldRead(started: string[], name: string, holds: Held[]): () => Promise<Result<string>> {
  return () =>
    new Promise((resolve) => {
      started.push(name);
      holds.push({ release: () => resolve(ok(name)) });
    });
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('ImportQueue', () => {
  it('runs one read at a time, in the order asked', async () => {
    const queue = new ImportQueue();
    const started: string[] = [];
    const holds: Held[] = [];
    const results = ['a', 'b', 'c'].map((name) => queue.run(heldRead(started, name, holds)));
    await tick();
    expect(started).toEqual(['a']);
    holds[0].release();
    await tick();
    // Asked now, while b runs and c waits: it goes after c.
    const late = queue.run(heldRead(started, 'd', holds));
    expect(started).toEqual(['a', 'b']);
    holds[1].release();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    holds[2].release();
    await tick();
    holds[3].release();
    expect(await Promise.all([...results, late])).toEqual(['a', 'b', 'c', 'd'].map((name) => ok(name)));
  });

  it(`refuses at once when ${MAX_WAITING_IMPORTS} reads wait already, and takes new ones once there is room`, async () => {
    const queue = new ImportQueue();
    const started: string[] = [];
    const holds: Held[] = [];
    const accepted = Array.from({ length: 1 + MAX_WAITING_IMPORTS }, (_, index) => queue.run(heldRead(started, `r${index}`, holds)));
    const refused = await queue.run(heldRead(started, 'extra', holds));
    expect(refused).toEqual({ ok: false, error: { code: 'import-busy', message: 'Another file is being read: try again when it is done.' } });
    expect(started).toEqual(['r0']);
    holds[0].release();
    await tick();
    const later = queue.run(heldRead(started, 'later', holds));
    for (let index = 1; index < holds.length; index += 1) {
      holds[index].release();
      await tick();
    }
    expect((await Promise.all([...accepted, later])).every((result) => result.ok)).toBe(true);
    expect(started).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'later']);
  });

  it('gives up the waiting reads when the services close; the running one ends by itself', async () => {
    const queue = new ImportQueue();
    const started: string[] = [];
    const holds: Held[] = [];
    const running = queue.run(heldRead(started, 'running', holds));
    const waiting = queue.run(heldRead(started, 'waiting', holds));
    await tick();
    queue.close();
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'closing' } });
    holds[0].release();
    expect(await running).toEqual(ok('running'));
    expect(started).toEqual(['running']);
  });
});

describe('importing recipient files', () => {
  const services: TestServices[] = [];
  afterEach(async () => {
    for (const test of services.splice(0)) await test.services.close();
  });

  it('starts its worker, and its time limit, only when its turn comes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mms-queue-'));
    const file = join(dir, 'answer.js');
    writeFileSync(file, "require('node:worker_threads').parentPort.postMessage({ ok: true, table: { columns: [{ name: 'A', values: ['8613800000001'] }], truncated: false } });\n");
    const queue = new ImportQueue();
    let heldUntil = 0;
    const holding = queue.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      heldUntil = Date.now();
      return ok(null);
    });
    // A limit shorter than the wait: counted from the queue, the read would be stopped.
    const imported = await importRecipientFile('list.csv', new TextEncoder().encode('8613800000001\n'), { queue, script: { file, execArgv: [] }, timeLimitMs: 400 });
    expect(heldUntil).toBeGreaterThan(0);
    expect(imported).toMatchObject({ ok: true, value: { columns: [{ name: 'A', values: ['8613800000001'] }] } });
    await holding;
  });

  it('reads the files of simultaneous imports one at a time, and refuses more than four waiting', async () => {
    const test = startTestServices({ userDataDir: mkdtempSync(join(tmpdir(), 'mms-queue-services-')) });
    services.push(test);
    workers.most = 0;
    const dataBase64 = Buffer.from('8613800000001\n8613800000002\n').toString('base64');
    const results = await Promise.all(
      Array.from({ length: 2 + MAX_WAITING_IMPORTS }, (_, index) =>
        test.call<ImportedRecipients>('importMmsRecipients', { fileName: `list-${index}.csv`, dataBase64 }),
      ),
    );
    expect(workers.most).toBe(1);
    expect(workers.live).toBe(0);
    expect(results.slice(0, 1 + MAX_WAITING_IMPORTS).map((result) => result.ok)).toEqual(Array(1 + MAX_WAITING_IMPORTS).fill(true));
    expect(results.at(-1)).toMatchObject({ ok: false, error: { code: 'import-busy', message: 'Another file is being read: try again when it is done.' } });
  }, 60_000);
});
