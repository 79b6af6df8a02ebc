import { appKeyOfRoute, canOpenApp } from '../lib/rights';
import { PUBLIC_ROUTE_NAMES, ROLE_EXEMPT_ROUTE_NAMES, type AccountInfo } from '@portal/contract';

export interface GuardInput {
  /** Names of the matched routes, outermost first (unnamed layout routes left out). */
  routeNames: readonly string[];
  /** pathname + search + hash of the wanted page. */
  fullPath: string;
  isLogin: boolean;
  accountInfo: AccountInfo | null;
}

export type GuardResult = { allow: true } | { allow: false; redirect: string };

const publicNames: readonly string[] = PUBLIC_ROUTE_NAMES;
const exemptNames: readonly string[] = ROLE_EXEMPT_ROUTE_NAMES;

/** The three rules of section 2: public routes, sign-in, per-app rights (admin pages need is_admin). */
export function guard({ routeNames, fullPath, isLogin, accountInfo }: GuardInput): GuardResult {
  const top = routeNames[0];
  const from = encodeURIComponent(fullPath);
  if (top !== undefined && publicNames.includes(top)) return { allow: true };
  if (!isLogin) return { allow: false, redirect: `/login?from=${from}` };
  if (top === undefined) return { allow: true };
  if (top === 'admin') {
    return accountInfo?.is_admin ? { allow: true } : { allow: false, redirect: `/landing?appKey=admin&from=${from}` };
  }
  if (exemptNames.includes(top) || canOpenApp(accountInfo, appKeyOfRoute(top))) return { allow: true };
  return { allow: false, redirect: `/landing?appKey=${encodeURIComponent(top)}&from=${from}` };
}
