/**
 * Remembers where the keyboard was before a popover, pane or dialog opened, and puts it
 * back there when it closes, so focus never drops to the page body. The fallback is used
 * when the remembered control has gone (e.g. re-rendered) or was the body itself.
 */
export function rememberFocus(fallback?: () => HTMLElement | null | undefined): () => void {
  const before = document.activeElement;
  return () => {
    const target = before instanceof HTMLElement && holdsKeyboard(before) ? before : fallback?.();
    target?.focus();
  };
}

/** Whether the keyboard has fallen to the page body: nothing focused, the body, or a control gone from the page. */
export function keyboardDropped(): boolean {
  return !holdsKeyboard(document.activeElement);
}

function holdsKeyboard(element: Element | null): boolean {
  return element !== null && element !== document.body && element.isConnected;
}
