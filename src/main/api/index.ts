/** The platform client: `createClient(options)` and its types. */
export {
  checkClientOptions,
  createClient,
  type ClientOptions,
  DEFAULT_TIME_ZONE,
  DEFAULT_TIMEOUT_MS,
  type PlatformClient,
} from './client';
export type { CallOptions, ClientNotice, RetryInfo } from './caller';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';
export { computeSign, authHeaders } from './signing';
export { operationUrl } from './transport';
