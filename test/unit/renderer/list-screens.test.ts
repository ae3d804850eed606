/**
 * A list's own screen is found by its file name; a misnamed file would silently leave the
 * list on the screen drawn from its descriptor, so every file must name a list.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIST_DESCRIPTORS } from '../../../src/shared/operations';
import { customListScreenFile } from '../../../src/renderer/src/lib/screens';

const folder = join(__dirname, '../../../src/renderer/src/screens/lists');

describe('custom list screens', () => {
  it('are each named after a list, and the others are drawn from their descriptors', () => {
    const expected = new Map(LIST_DESCRIPTORS.map((list) => [customListScreenFile(list.slug), list.slug]));
    const files = readdirSync(folder).map((name) => `./lists/${name}`);
    for (const file of files) expect(expected.has(file), `${file} names no list`).toBe(true);
    expect(files.map((file) => expected.get(file)).sort()).toEqual(['seats', 'task-details', 'team-leaders']);
  });

  it('turns a slug into the screen file name', () => {
    expect(customListScreenFile('number-groups')).toBe('./lists/NumberGroupsScreen.svelte');
    expect(customListScreenFile('seats')).toBe('./lists/SeatsScreen.svelte');
  });

});
