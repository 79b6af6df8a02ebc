import { moduleEntry, type AccountInfo } from '@portal/contract';

/** The app whose right opens a top-level route: the module table's app key, else the route's own name. */
export function appKeyOfRoute(routeName: string): string {
  return moduleEntry(routeName)?.appKey ?? routeName;
}

/** be_authorized of the account's app_list decides (section 6). */
export function canOpenApp(accountInfo: AccountInfo | null, appKey: string): boolean {
  return !!accountInfo?.app_list.some((app) => app.app_key === appKey && app.be_authorized);
}
