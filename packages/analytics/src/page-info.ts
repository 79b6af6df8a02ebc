import { analyticsLimits } from '@portal/contract';
import { clip, whole } from './clip';

const dim = (n: unknown) => whole(n, analyticsLimits.maxDimension);

export const pageUrl = () => clip(location.href, analyticsLimits.urlLength);

/** Path + query + hash: what a route change moves between. */
export const pagePath = () => clip(location.pathname + location.search + location.hash, analyticsLimits.urlLength);

export function pageInfo() {
  const root = document.documentElement;
  return {
    page_url: pageUrl(),
    referrer: clip(document.referrer, analyticsLimits.urlLength),
    screen: { width: dim(window.screen?.width), height: dim(window.screen?.height) },
    scroll: { width: dim(root?.scrollWidth), height: dim(root?.scrollHeight) },
  };
}

export function scrollPosition() {
  const root = document.documentElement;
  return {
    scroll_top: dim(window.scrollY || root?.scrollTop),
    scroll_height: dim(root?.scrollHeight),
  };
}
