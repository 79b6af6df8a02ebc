import { useCallback, useState } from 'react';

/** Storage key of a module's unsent question. */
export const draftKey = (scope: string) => `chat-draft:${scope}`;

function read(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function write(key: string, value: string): void {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // Storage blocked or full: the draft then only lives in memory.
  }
}

/** The unsent question of a module, kept across reloads so nothing typed is lost. */
export function useDraft(scope: string): [string, (value: string) => void] {
  const key = draftKey(scope);
  const [state, setState] = useState(() => ({ key, value: read(key) }));
  const value = state.key === key ? state.value : read(key);
  const setDraft = useCallback(
    (next: string) => {
      write(key, next);
      setState({ key, value: next });
    },
    [key],
  );
  return [value, setDraft];
}
