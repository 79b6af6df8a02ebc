export {
  init,
  isReady,
  setAppKey,
  setUserId,
  trackRoute,
  trackApi,
  trackAppOpen,
  track,
  trackError,
  flush,
  destroy,
} from './sdk';
export { browserChannel, detectChannel, type ChannelEnvironment } from './channel';
export { analyticsEndpoints, type InitOptions, type FetchLike } from './options';
export type { ApiCallResult, CustomParams } from './api-types';
export type { LifecycleSource, LifecycleState, LifecycleChange } from './lifecycle-source';
export type { StorageLike } from './storage';
export { ANONYMOUS_ID_KEY, TAB_ID_KEY, SUID_QUERY } from './identity';
