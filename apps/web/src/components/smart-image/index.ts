export { SmartImage, type SmartImageProps, type SmartImageState } from './smart-image';
export { SmartImageProvider, imageProxyPath, useFetchProxied, type FetchProxied } from './smart-image-context';
