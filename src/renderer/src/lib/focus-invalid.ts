import { tick } from 'svelte';

/** After a submit that found problems: takes the keyboard to the first field marked invalid in `root`. */
export async function focusFirstInvalid(root: ParentNode | null | undefined): Promise<void> {
  await tick();
  root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
