/**
 * Remembers where the keyboard was before a popover, pane or dialog opened, and puts it
 * back there when it closes, so focus never drops to the page body. The fallback is used
 * when the remembered control has gone (e.g. re-rendered) or was the body itself.
 */
export function rememberFocus(fallback?: () => HTMLElement | null | undefined): () => void {
  const before = document.activeElement;
  return () => {
    const target = before instanceof HTMLElement && before !== document.body && before.isConnected ? before : fallback?.();
    target?.focus();
  };
}
