/** Each list is served at its descriptor's path; a list without a sandbox route is named when the sandbox starts, not served a 404. */
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../../src/main/sandbox/routes';
import { LIST_DESCRIPTORS, LISTS, type SomeList } from '../../../src/shared/operations';
import { NEW_ID, NEW_SLUG } from '../operations/new-list-name';

describe('the sandbox routes', () => {
  it('serve every list at its descriptor path', () => {
    const routes = routeTable();
    for (const list of LIST_DESCRIPTORS) {
      const route = routes.get(list.endpoint.path);
      expect(route?.operation, list.slug).toBe(list.id);
      expect(typeof route?.handle).toBe('function');
    }
    expect(routes.get('/v3/mmsSend')?.operation).toBe('mmsSend');
  });

  it('say which file to write when a list has no route', () => {
    const unrouted: SomeList = { ...LISTS.numbers, id: NEW_ID, slug: NEW_SLUG };
    expect(() => routeTable([unrouted])).toThrow(
      `The sandbox has no route for ${NEW_ID}: write src/main/sandbox/routes/lists/${NEW_SLUG}.ts (its handler as the default export).`,
    );
  });
});
