/*
 * Which API GETs the early-request script (`first-requests.ts`) starts for an address: a table
 * the build writes into the script, and the rule that reads it.
 */

/** The API GETs a first screen makes, by address; written into the bundle by the build. */
export interface FirstRequestsTable {
  /** Asked on every signed-in page (the account sync). */
  everyPage: string[];
  pages: { path: string; api: string[]; appKey?: string }[];
}

/** What the early script reads of the stored sign-in (`StoredUserInfo`), unchecked. */
export interface StoredSession {
  access_token?: { token?: unknown };
  account_info?: { app_list?: { app_key?: unknown; be_authorized?: unknown }[] };
}

/** The API paths this address's first screen asks for, when signed in and allowed to open it. */
export function firstApiPaths(table: FirstRequestsTable, pathname: string, session: StoredSession): string[] {
  const page = table.pages.find((p) => new RegExp(p.path).test(pathname));
  const allowed =
    !page?.appKey ||
    !!session.account_info?.app_list?.some((a) => a.app_key === page.appKey && a.be_authorized === true);
  return [...table.everyPage, ...(page && allowed ? page.api : [])];
}
