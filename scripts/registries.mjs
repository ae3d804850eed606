// Writes the two registries of list operations from the files that define them, so a
// new list is its own files and nothing else:
//   src/shared/operations/lists/<slug>.ts   exports `const <camelSlug>` (its descriptor)
//   src/main/sandbox/routes/lists/<slug>.ts exports its route handler as default
// Each folder gets a `registry.gen.ts` importing every such file. The registries are not
// committed (like SvelteKit's `svelte-kit sync`): npm install, dev, build, typecheck,
// lint, test and bench write them first. Run by hand: `node scripts/registries.mjs`.
// The interface's messages are compiled at the same times (scripts/i18n.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const GENERATED = 'registry.gen.ts';
const SLUG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export const REGISTRIES = [
  {
    folder: 'src/shared/operations/lists',
    what: 'list descriptors',
    expected: (camel) => `export const ${camel}`,
    importLine: (camel, slug) => `import { ${camel} } from './${slug}';`,
    declaration: 'export const FOUND_LISTS = {',
    closing: '} as const;',
  },
  {
    folder: 'src/main/sandbox/routes/lists',
    what: 'sandbox list routes',
    expected: () => 'export default',
    importLine: (camel, slug) => `import ${camel} from './${slug}';`,
    declaration: 'export const FOUND_LIST_ROUTES = {',
    closing: '};',
  },
];

export const camelOf = (slug) => slug.replace(/-([a-z0-9])/g, (_, letter) => letter.toUpperCase());

/** The registry text for one folder; throws with what to fix when a file breaks the convention. */
export function registryText(registry, folder) {
  const slugs = readdirSync(folder)
    .filter((file) => file.endsWith('.ts') && file !== GENERATED && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
  for (const slug of slugs) {
    if (!SLUG.test(slug)) throw new Error(`${registry.folder}/${slug}.ts: name the file by the list's slug, in lower-case words joined by "-".`);
    const expected = registry.expected(camelOf(slug));
    const text = readFileSync(join(folder, `${slug}.ts`), 'utf8');
    if (!new RegExp(`^${expected}\\b`, 'm').test(text))
      throw new Error(`${registry.folder}/${slug}.ts holds ${registry.what}, so it must have \`${expected}\`.`);
  }
  const names = slugs.map(camelOf);
  return [
    `// Written by scripts/registries.mjs from the ${registry.what} in this folder. Do not edit; not committed.`,
    ...slugs.map((slug, index) => registry.importLine(names[index], slug)),
    '',
    registry.declaration,
    ...names.map((name) => `  ${name},`),
    registry.closing,
    '',
  ].join('\n');
}

/** Writes each registry whose text changed (an unchanged file is left alone, so watchers stay quiet). */
export function writeRegistries(base = root) {
  for (const registry of REGISTRIES) {
    const folder = join(base, registry.folder);
    const text = registryText(registry, folder);
    const path = join(folder, GENERATED);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
  }
}

/**
 * writeRegistries for a command line: a file that breaks the naming rule ends it with what
 * to fix, no stack. The interface's messages are compiled too (scripts/i18n.mjs), in a
 * process of their own: the compiler is asynchronous and keeps its process alive a while.
 */
export function writeRegistriesOrExit() {
  try {
    writeRegistries();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const messages = spawnSync(process.execPath, [join(root, 'scripts/i18n.mjs')], { cwd: root, stdio: 'inherit' });
  if (messages.status !== 0) process.exit(messages.status ?? 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeRegistriesOrExit();
