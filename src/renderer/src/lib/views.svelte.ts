import type { ListOperation } from '../../../shared/operations';
import { ListView } from './list-view.svelte';

const views: { [O in ListOperation]?: ListView<O> } = {};

/**
 * One view per list, kept while the app runs so switching screens loses nothing.
 * A view is made under a root of its own, not under the screen that first asks for it:
 * its deriveds would otherwise belong to that screen and go inert (stale rows under a
 * live pager) once the user leaves it.
 */
export function viewFor<O extends ListOperation>(operation: O): ListView<O> {
  let view: ListView<O> | undefined = views[operation];
  if (!view) {
    $effect.root(() => {
      view = new ListView(operation);
    });
    if (!view) throw new Error(`the ${operation} view was not made`);
    views[operation] = view;
  }
  return view;
}
