import type { Bridge } from '../../../shared/contract';
import { createHttpBridge } from './http-bridge';

/**
 * The only way the renderer reaches main: the preload's `window.switchboard` under
 * Electron, or the same contract over the browser harness's loopback HTTP bridge.
 */
export const bridge: Bridge = window.switchboard ?? createHttpBridge(window.location);
