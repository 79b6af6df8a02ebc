/**
 * API paths reachable without an access token. Everything else under /api needs one; add a line
 * here when a new endpoint must be public.
 */
export const PUBLIC_API_PATHS: ReadonlySet<string> = new Set([
  '/api/user/authorize',
  '/api/user/providers',
  '/api/user/login',
  '/api/user/refreshToken',
  '/api/user/logout',
  '/api/open/code/redeem',
  '/api/analytics/collect',
  // Uploaded app icons for the catalogue's <img>; only files uploaded as icons (routes/api/app/icon.ts).
  '/api/app/icon',
  // Sources push notes with their own key (modules/red/push-routes.ts), not a user's token.
  '/api/red/push',
]);
