import { describe, expect, it } from 'vitest';
import { createAuthStorage, USER_INFO_KEY } from '../../src/lib/auth-storage';
import { storedUser } from '../../src/testing/fixtures';

describe('auth storage', () => {
  it('stores the section 3 shape under userInfo and clears it', () => {
    const map = new Map<string, string>();
    const storage = createAuthStorage({
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    });
    const user = storedUser();
    storage.write(user);
    expect(JSON.parse(map.get(USER_INFO_KEY) ?? '')).toEqual(user);
    storage.setTokens({ token: 'a2', expire_at: 1 }, { token: 'r2', expire_at: 2 });
    expect(storage.read()?.access_token.token).toBe('a2');
    expect(storage.read()?.account_info).toEqual(user.account_info);
    storage.clear();
    expect(storage.read()).toBeNull();
    map.set(USER_INFO_KEY, '{broken');
    expect(storage.read()).toBeNull();
  });
});
