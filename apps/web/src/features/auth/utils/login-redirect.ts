export type LoginRedirect = { kind: 'navigate'; to: string } | { kind: 'assign'; url: string };

/** After sign-in: a known in-app path by the router, an absolute URL (already allowlisted by the server) by page load, else /home. */
export function resolveLoginRedirect(
  redirect: string | undefined,
  isKnownRoute: (path: string) => boolean,
): LoginRedirect {
  const target = redirect?.trim() ?? '';
  if (target.startsWith('/') && !target.startsWith('//') && isKnownRoute(target))
    return { kind: 'navigate', to: target };
  if (/^https?:\/\//i.test(target)) return { kind: 'assign', url: target };
  return { kind: 'navigate', to: '/home' };
}
