/**
 * A new list is its own files: the registries of descriptors and sandbox routes are
 * written from the files of their folders, and a file that breaks the naming
 * convention is refused with what to write instead.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRIES, registryText, writeRegistries } from '../../../scripts/registries.mjs';
import { LIST_OPERATIONS, LISTS } from '../../../src/shared/operations';
import { NEW_ID, NEW_PASCAL, NEW_SLUG } from './new-list-name';

const root = join(__dirname, '..', '..', '..');
const [descriptors, routes] = REGISTRIES;

describe('list registries', () => {
  let copy: string;
  beforeEach(() => {
    copy = mkdtempSync(join(tmpdir(), 'switchboard-registries-'));
    for (const registry of REGISTRIES) cpSync(join(root, registry.folder), join(copy, registry.folder), { recursive: true });
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  it('hold every list of the tree, in sidebar order by each descriptor, each under its own id', () => {
    const files = readdirSync(join(root, descriptors.folder)).filter((file) => file !== 'registry.gen.ts');
    expect(Object.keys(LISTS).sort()).toEqual(
      files.map((file) => file.replace(/\.ts$/, '').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())).sort(),
    );
    for (const [key, list] of Object.entries(LISTS)) expect(list.id).toBe(key);
    expect([...LIST_OPERATIONS].sort()).toEqual(Object.keys(LISTS).sort());
    // Sidebar order is each descriptor's `order`, and no two lists share a place.
    const orders = LIST_OPERATIONS.map((operation) => LISTS[operation].order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('take an eighth list from its descriptor file and its route file, with no other file edited', () => {
    writeFileSync(join(copy, descriptors.folder, `${NEW_SLUG}.ts`), `export const ${NEW_ID} = {};\n`);
    writeFileSync(join(copy, routes.folder, `${NEW_SLUG}.ts`), 'export default () => null;\n');
    writeRegistries(copy);

    const descriptorRegistry = readFileSync(join(copy, descriptors.folder, 'registry.gen.ts'), 'utf8');
    expect(descriptorRegistry).toContain(`import { ${NEW_ID} } from './${NEW_SLUG}';`);
    expect(descriptorRegistry).toMatch(new RegExp(`FOUND_LISTS = \\{[^}]*\\n {2}${NEW_ID},\\n[^}]*\\}`));
    const routeRegistry = readFileSync(join(copy, routes.folder, 'registry.gen.ts'), 'utf8');
    expect(routeRegistry).toContain(`import ${NEW_ID} from './${NEW_SLUG}';`);
    expect(routeRegistry).toMatch(new RegExp(`FOUND_LIST_ROUTES = \\{[^}]*\\n {2}${NEW_ID},\\n[^}]*\\}`));
  });

  it('refuse a descriptor file without the export its name promises, and a file not named by a slug', () => {
    writeFileSync(join(copy, descriptors.folder, `${NEW_SLUG}.ts`), 'export const groups = {};\n');
    expect(() => registryText(descriptors, join(copy, descriptors.folder))).toThrow(
      `src/shared/operations/lists/${NEW_SLUG}.ts holds list descriptors, so it must have \`export const ${NEW_ID}\`.`,
    );
    rmSync(join(copy, descriptors.folder, `${NEW_SLUG}.ts`));
    writeFileSync(join(copy, routes.folder, `${NEW_PASCAL}.ts`), 'export default () => null;\n');
    expect(() => registryText(routes, join(copy, routes.folder))).toThrow(
      `src/main/sandbox/routes/lists/${NEW_PASCAL}.ts: name the file by the list's slug, in lower-case words joined by "-".`,
    );
  });

  it('leave an unchanged registry file alone, so a watching build does not start again', () => {
    writeRegistries(copy);
    const path = join(copy, descriptors.folder, 'registry.gen.ts');
    const longAgo = new Date('2020-01-01T00:00:00Z');
    utimesSync(path, longAgo, longAgo);
    writeRegistries(copy);
    expect(statSync(path).mtimeMs).toBe(longAgo.getTime());
    writeFileSync(join(copy, descriptors.folder, `${NEW_SLUG}.ts`), `export const ${NEW_ID} = {};\n`);
    writeRegistries(copy);
    expect(statSync(path).mtimeMs).toBeGreaterThan(longAgo.getTime());
  });
});
