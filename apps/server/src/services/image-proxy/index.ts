export { ImageProxy, type ImageProxyOptions, type ProxiedImage, type Resolver } from './image-proxy';
export { imageProxyConfigSchema, type ImageProxyConfig } from './config';
export { isPublicAddress, pickPublicAddress, type ResolvedAddress } from './address-policy';
export { sniffImageType } from './sniff';
export { pinnedGet } from './pinned-get';
