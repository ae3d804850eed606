import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that assert how long something took or how much memory it held. They run after the
 * others, one at a time, so a busy neighbour never decides their outcome.
 */
const MEASURING = [
  'test/unit/api/client-retry.test.ts',
  'test/unit/api/transport.test.ts',
  'test/unit/archive/archive-bridge-fuzz.test.ts',
  'test/unit/archive/end-on-signal.test.ts',
  'test/unit/archive/hour-of-day.test.ts',
  'test/unit/archive/read-limits.test.ts',
  'test/unit/archive/staging-queue.test.ts',
  'test/unit/jobs/fetch-all.test.ts',
  'test/unit/mms/recipient-import.test.ts',
  'test/unit/mms/zip-bomb.test.ts',
  'test/unit/sandbox/faults.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    globalSetup: ['test/support/scratch-tmpdir.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...MEASURING],
          // Vitest's default is one worker fewer than the CPUs: one on a 2-vCPU machine, where
          // much of each file's time is spent waiting (on DuckDB's threads, sockets, child processes).
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'measuring', include: MEASURING, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
