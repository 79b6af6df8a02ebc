/**
 * After an explicit sign-out the company SSO session usually lives on, and the provider would
 * sign the user straight back in. This tab-scoped flag makes the next sign-in ask again.
 */
const KEY = 'portal.reauth';

export const reauthFlag = {
  set(): void {
    sessionStorage.setItem(KEY, '1');
  },
  isSet(): boolean {
    return sessionStorage.getItem(KEY) === '1';
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
  },
};
