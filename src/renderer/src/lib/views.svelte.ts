import type { ListOperation } from '../../../shared/lists';
import { ListView } from './list-view.svelte';

const views = new Map<ListOperation, ListView<ListOperation>>();

/** One view per list, kept while the app runs so switching screens loses nothing. */
export function viewFor<O extends ListOperation>(operation: O): ListView<O> {
  let view = views.get(operation);
  if (!view) {
    view = new ListView(operation) as unknown as ListView<ListOperation>;
    views.set(operation, view);
  }
  return view as unknown as ListView<O>;
}
