/** Every console query lives under one root, so a change can refresh what it affects. */
export const CONSOLE_QUERY_ROOT = ['admin-console'] as const;
export const consoleKey = (...parts: unknown[]) => [...CONSOLE_QUERY_ROOT, ...parts] as const;
