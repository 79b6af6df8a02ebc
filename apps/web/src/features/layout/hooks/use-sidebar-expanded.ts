import { useCallback, useState } from 'react';

export const SIDEBAR_EXPANDED_KEY = 'sidebarExpanded';

function readExpanded(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_EXPANDED_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** The side bar's expanded flag, kept across visits. */
export function useSidebarExpanded(): [boolean, (expanded: boolean) => void] {
  const [expanded, setExpandedState] = useState(readExpanded);
  const setExpanded = useCallback((next: boolean) => {
    setExpandedState(next);
    try {
      localStorage.setItem(SIDEBAR_EXPANDED_KEY, String(next));
    } catch {
      /* storage denied: the flag lasts for this visit */
    }
  }, []);
  return [expanded, setExpanded];
}
