/** Every console query lives under one root, so a change can refresh what it affects. */
export const CONSOLE_QUERY_ROOT = ['admin-console'] as const;
export const consoleKey = (...parts: unknown[]) => [...CONSOLE_QUERY_ROOT, ...parts] as const;
/**
 * A list the route's loader fetched counts as fresh this long, so the tab that mounts right after
 * does not ask again; every change invalidates the console's queries anyway.
 */
export const PREFETCH_FRESH_MS = 10_000;
