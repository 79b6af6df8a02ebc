import { redirect, type RouteObject } from 'react-router';

/** A loader that sends the bare path on to one of its pages. */
export const to = (path: string) => () => redirect(path);

/** Renders nothing: the loader of a redirecting route has already sent the page on. */
const Redirecting = () => null;

/**
 * A route whose only job is to send the address on (`/chatgpt` → `/chatgpt/welcome`). It has a
 * component of its own, so React Router does not warn about a leaf route without an element when
 * the address is opened directly. In lib/ so that features' own route trees use it too.
 */
export const redirectTo = (path: string): Pick<RouteObject, 'loader' | 'Component'> => ({
  loader: to(path),
  Component: Redirecting,
});
