import type { AccountInfo } from '@portal/contract';

/** Route names whose app key differs from the name; the embedded tools keep their own keys. */
const routeAppKeys: Record<string, string> = { stablediffusion: 'stablediffusion', comfyui: 'comfyui' };

export function appKeyOfRoute(routeName: string): string {
  return routeAppKeys[routeName] ?? routeName;
}

/** be_authorized of the account's app_list decides (section 6). */
export function canOpenApp(accountInfo: AccountInfo | null, appKey: string): boolean {
  return !!accountInfo?.app_list.some((app) => app.app_key === appKey && app.be_authorized);
}
