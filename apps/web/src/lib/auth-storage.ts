import type { AccountInfo, StoredUserInfo, Token } from '@portal/contract';
import { USER_INFO_KEY } from './auth-storage-key';

export { USER_INFO_KEY };

export interface AuthStorage {
  read(): StoredUserInfo | null;
  write(info: StoredUserInfo): void;
  setTokens(access: Token, refresh: Token, accountInfo?: AccountInfo): StoredUserInfo | null;
  setAccountInfo(accountInfo: AccountInfo): StoredUserInfo | null;
  clear(): void;
}

function isStoredUserInfo(value: unknown): value is StoredUserInfo {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<StoredUserInfo>;
  return typeof v.access_token?.token === 'string' && typeof v.refresh_token?.token === 'string' && !!v.account_info;
}

export function createAuthStorage(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): AuthStorage {
  const read = (): StoredUserInfo | null => {
    const raw = storage.getItem(USER_INFO_KEY);
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isStoredUserInfo(parsed) ? parsed : null;
    } catch {
      return null;
    }
  };
  const write = (info: StoredUserInfo) => storage.setItem(USER_INFO_KEY, JSON.stringify(info));
  return {
    read,
    write,
    setTokens(access, refresh, accountInfo) {
      const current = read();
      const account = accountInfo ?? current?.account_info;
      if (!account) return null;
      const next: StoredUserInfo = { access_token: access, refresh_token: refresh, account_info: account };
      write(next);
      return next;
    },
    setAccountInfo(accountInfo) {
      const current = read();
      if (!current) return null;
      const next = { ...current, account_info: accountInfo };
      write(next);
      return next;
    },
    clear: () => storage.removeItem(USER_INFO_KEY),
  };
}

/** Falls back to memory when local storage is unavailable (private mode, tests). */
function browserStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    /* access denied */
  }
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

export const authStorage = createAuthStorage(browserStorage());
