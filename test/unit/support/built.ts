import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { compileFunction } from 'node:vm';

export const projectRoot = resolve(__dirname, '../../..');

/** Path of a built file; a clear failure if the build has not run. */
export function builtFile(relative: string): string {
  const file = join(projectRoot, 'out', relative);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` (npm test does it for you).`);
  return file;
}

/**
 * Runs a built CommonJS bundle with its own `require`, so a test can hand it a
 * stand-in for a module (here: `electron`) and see every module it asks for.
 */
export function loadBundle(file: string, stubs: Record<string, unknown>): { required: string[]; exports: unknown } {
  const required: string[] = [];
  const realRequire = createRequire(file);
  const requireWithStubs = (id: string): unknown => {
    required.push(id);
    return Object.hasOwn(stubs, id) ? stubs[id] : realRequire(id);
  };
  const module = { exports: {} as unknown };
  const run = compileFunction(readFileSync(file, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], {
    filename: file,
  });
  run(module.exports, requireWithStubs, module, file, dirname(file));
  return { required, exports: module.exports };
}

export function flush(): Promise<void> {
  return new Promise((done) => setImmediate(done));
}
