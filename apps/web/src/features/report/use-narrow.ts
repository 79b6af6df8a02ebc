import { useSyncExternalStore } from 'react';

/* Phone width (README: below 768 px), read here because features do not import each other. */
const QUERY = '(max-width: 768px)';
const matches = () => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True while the window is phone-wide: sheets open from the bottom. */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false);
}
