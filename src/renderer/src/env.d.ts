/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { Bridge } from '../../shared/contract';

declare global {
  interface Window {
    /** Present under Electron (from the preload); absent in the browser harness. */
    readonly switchboard?: Bridge;
  }
}
