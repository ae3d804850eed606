// Builds the app when out/ is missing or older than its sources, so `npm start`,
// `npm run start:browser` and `npm test` work straight after `npm install`. The list
// registries are written first (scripts/registries.mjs), so a new list file is seen.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeRegistriesOrExit } from './registries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['out/main/index.js', 'out/main/cli.js', 'out/preload/index.js', 'out/renderer/index.html'];
const inputs = ['src', 'resources', 'electron.vite.config.ts', 'svelte.config.mjs', 'package.json'];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

export function needsBuild() {
  const paths = outputs.map((p) => join(root, p));
  if (!paths.every((p) => existsSync(p))) return true;
  const oldestOutput = Math.min(...paths.map((p) => statSync(p).mtimeMs));
  const newestInput = Math.max(...inputs.map((p) => join(root, p)).filter(existsSync).map(newest));
  return newestInput > oldestOutput;
}

export function ensureBuild() {
  writeRegistriesOrExit();
  if (!needsBuild()) return;
  const require = createRequire(import.meta.url);
  const cli = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  console.log('Building Switchboard…');
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuild();
