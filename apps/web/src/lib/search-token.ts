/** Bearer token of the search service, sent as x-search-token once the search assistant has signed in. */
const KEY = 'searchToken';

export function getSearchToken(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function setSearchToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch {
    /* storage denied: the search assistant signs in again */
  }
}
