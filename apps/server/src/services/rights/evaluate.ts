import { WORKPLACE_PROVIDERS, type AccessRule, type IdentityProvider } from '@portal/contract';
import { identityOf, namesPerson, personNames, type Account } from '../users/identity';

export interface Principal {
  login: string;
  subject: string;
  /** Where the account signs in; absent means OIDC. A `user` rule names a person by provider. */
  provider?: IdentityProvider;
  /** The other accounts an administrator linked to this one: rules naming them cover this one too. */
  linked?: readonly Account[];
  /** Group claims of this account (OIDC only: workplace accounts have departments instead). */
  groups: string[];
  /** Department keys of the person's departments and all their ancestors (a rule on a department covers its sub-departments). */
  departments?: readonly string[];
  isAdmin: boolean;
}

type Rule = Pick<AccessRule, 'subject_type' | 'subject' | 'app_key' | 'effect'>;

/**
 * Whether a principal may open an app. The most specific level that has a matching rule decides
 * (user beats group beats department beats everyone); within that level deny beats allow. No rule: no access.
 * Administrators may open everything.
 */
export function mayOpen(principal: Principal, appKey: string, rules: readonly Rule[]): boolean {
  return explain(principal, appKey, rules).allowed;
}

/** The decision and the rule that made it (`admin` when the person is an administrator). */
export function explain(
  principal: Principal,
  appKey: string,
  rules: readonly Rule[],
): {
  allowed: boolean;
  rule: Rule | { subject_type: 'admin'; subject: string; app_key: string; effect: 'allow' } | null;
} {
  if (principal.isAdmin) {
    return {
      allowed: true,
      rule: { subject_type: 'admin', subject: identityOf(accountOf(principal)), app_key: '*', effect: 'allow' },
    };
  }
  const forApp = rules.filter((r) => r.app_key === appKey || r.app_key === '*');
  const departments = principal.departments ?? [];
  const names = namesOf(principal);
  const levels: Array<(r: Rule) => boolean> = [
    (r) => r.subject_type === 'user' && namesPerson(names, r.subject),
    (r) => r.subject_type === 'group' && principal.groups.includes(r.subject),
    (r) => r.subject_type === 'department' && departments.includes(r.subject),
    (r) => r.subject_type === 'everyone',
  ];
  for (const matches of levels) {
    const hits = forApp.filter(matches);
    if (hits.length === 0) continue;
    const deny = hits.find((r) => r.effect === 'deny');
    return deny ? { allowed: false, rule: deny } : { allowed: true, rule: hits[0] ?? null };
  }
  return { allowed: false, rule: null };
}

/**
 * The principal's own account as identity.ts reads it. Without a provider, a workplace subject
 * (`wecom:u1`, always stored with its prefix) tells it; anything else is OIDC.
 */
export function accountOf(p: Pick<Principal, 'login' | 'subject' | 'provider'>): Account {
  const prefix = p.subject.slice(0, Math.max(0, p.subject.indexOf(':')));
  const fromSubject = (WORKPLACE_PROVIDERS as readonly string[]).includes(prefix)
    ? (prefix as IdentityProvider)
    : 'oidc';
  return { provider: p.provider ?? fromSubject, subject: p.subject, login: p.login };
}

/** Every canonical name of the principal's person (its account and the linked ones). */
export function namesOf(p: Pick<Principal, 'login' | 'subject' | 'provider' | 'linked'>): Set<string> {
  return personNames({ ...accountOf(p), linked: p.linked });
}
