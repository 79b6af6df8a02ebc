import type { AccessRule } from '@portal/contract';

export interface Principal {
  login: string;
  subject: string;
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
    return { allowed: true, rule: { subject_type: 'admin', subject: principal.login, app_key: '*', effect: 'allow' } };
  }
  const forApp = rules.filter((r) => r.app_key === appKey || r.app_key === '*');
  const departments = principal.departments ?? [];
  const levels: Array<(r: Rule) => boolean> = [
    (r) => r.subject_type === 'user' && (r.subject === principal.login || r.subject === principal.subject),
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
