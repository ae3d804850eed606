// `npm run bench` runs every benchmark; `npm run bench -- fetch` (or table, export, sandbox, archive, report, live) one;
// words after a single benchmark's name are handed to it (`npm run bench -- archive pages`: only those parts).
// Each benchmark is bench/<name>.bench.ts and prints one JSON line per measurement.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './ensure-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const KNOWN = ['fetch', 'table', 'export', 'sandbox', 'archive', 'archive-search', 'report', 'live'];
/** Benchmarks made of parts: every word after their name is one of their parts, even a name shared with another benchmark. */
const WITH_PARTS = ['archive'];
const asked = process.argv.slice(2);
const single =
  asked.length > 1 && KNOWN.includes(asked[0]) && (WITH_PARTS.includes(asked[0]) || asked.slice(1).some((name) => !KNOWN.includes(name)));
const requested = single ? asked.slice(0, 1) : asked;
const parts = single ? asked.slice(1) : [];
const unknown = requested.filter((name) => !KNOWN.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}: choose from ${KNOWN.join(', ')}.`);
  process.exit(2);
}
const require = createRequire(import.meta.url);
const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
ensureBuild();

let failed = false;
for (const name of requested.length > 0 ? requested : KNOWN) {
  const file = join(root, 'bench', `${name}.bench.ts`);
  if (!existsSync(file)) {
    console.error(`bench ${name}: not written yet (${file})`);
    continue;
  }
  const result = spawnSync(process.execPath, ['--expose-gc', tsx, file, ...parts], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
