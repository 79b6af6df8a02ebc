import { canonicalPersonName } from '@portal/contract';
import { and, eq, or, type SQL } from 'drizzle-orm';
import { users, type User } from '../../db/schema';

/** One account as rules see it: where it signs in, the provider's stable id, and its login name. */
export type Account = Pick<User, 'provider' | 'subject' | 'login'>;

/**
 * Every name a rule, the admin list or an app's owners may use for the account, in canonical form
 * (contract's canonicalPersonName): an OIDC account is `oidc:<sub>` and `oidc:<login>`; a
 * workplace account is its subject `<provider>:<user id>` and `<provider>:<login>` (Feishu's
 * login is its user_id, not the open_id of the subject). A name always carries the provider, so
 * the same login in two providers is two people.
 */
export function accountNames(a: Account): string[] {
  const prefix = `${a.provider}:`;
  const names =
    a.provider === 'oidc'
      ? [`oidc:${a.subject}`, a.login ? `oidc:${a.login}` : '']
      : [a.subject.startsWith(prefix) ? a.subject : prefix + a.subject, a.login ? prefix + a.login : ''];
  return [...new Set(names.filter(Boolean))];
}

/** The names of a person: their account's and those of every account an administrator linked to it. */
export function personNames(a: Account & { linked?: readonly Account[] }): Set<string> {
  return new Set([a, ...(a.linked ?? [])].flatMap(accountNames));
}

/** Whether a rule's or the admin list's name (bare or `<provider>:<id>`) is one of the person's. */
export function namesPerson(names: ReadonlySet<string>, name: string): boolean {
  return names.has(canonicalPersonName(name));
}

/** The account as people read it: `<provider>:<login>` (`wecom:wangwei`, `oidc:admin`). */
export function identityOf(a: Account): string {
  const id = a.login || (a.provider === 'oidc' ? a.subject : a.subject.slice(a.provider.length + 1));
  return `${a.provider}:${id}`;
}

/** The name the portal writes into a rule for the account (an approved request): by the stable subject. */
export function ruleNameOf(a: Pick<Account, 'provider' | 'subject'>): string {
  return a.provider === 'oidc' ? `oidc:${a.subject}` : a.subject;
}

/** The accounts (not their links) a name denotes, as a condition on `users`. */
export function accountsNamed(name: string): SQL {
  const canonical = canonicalPersonName(name);
  const colon = canonical.indexOf(':');
  const provider = canonical.slice(0, colon);
  const id = canonical.slice(colon + 1);
  const subject = provider === 'oidc' ? id : canonical;
  return and(eq(users.provider, provider as User['provider']), or(eq(users.subject, subject), eq(users.login, id)))!;
}
