import { analyticsLimits } from '@portal/contract';
import { readItem, writeItem, type StorageLike } from './storage';
import { uuid } from './uuid';

export const ANONYMOUS_ID_KEY = 'bfa_anonymous_id';
export const TAB_ID_KEY = 'bfa_tab_id';
export const SUID_KEY = 'bfa_suid';
export const SUID_QUERY = 'bfa_suid';

const isUsableId = (value: string | null): value is string =>
  !!value && value.length <= analyticsLimits.idLength && /^[\w-]+$/.test(value);

/** Reuses the id kept under `key`, or creates and keeps a new one. */
export function storedId(storage: StorageLike, key: string): string {
  const existing = readItem(storage, key);
  if (isUsableId(existing)) return existing;
  const id = uuid();
  writeItem(storage, key, id);
  return id;
}

/**
 * The invitation id arrives once in the landing URL; keeping it for the tab lets events after
 * the app rewrites its URL still carry it.
 */
export function resolveSuid(search: string, session: StorageLike): string | null {
  const fromQuery = new URLSearchParams(search).get(SUID_QUERY);
  if (fromQuery) {
    const suid = fromQuery.slice(0, analyticsLimits.idLength);
    writeItem(session, SUID_KEY, suid);
    return suid;
  }
  return readItem(session, SUID_KEY)?.slice(0, analyticsLimits.idLength) || null;
}
