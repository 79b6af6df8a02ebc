import type { AccessRule } from '@portal/contract';

export interface Principal {
  login: string;
  subject: string;
  groups: string[];
  isAdmin: boolean;
}

type Rule = Pick<AccessRule, 'subject_type' | 'subject' | 'app_key' | 'effect'>;

/**
 * Whether a principal may open an app. The most specific level that has a matching rule decides
 * (user beats group beats everyone); within that level deny beats allow. No rule: no access.
 * Administrators may open everything.
 */
export function mayOpen(principal: Principal, appKey: string, rules: readonly Rule[]): boolean {
  if (principal.isAdmin) return true;
  const forApp = rules.filter((r) => r.app_key === appKey || r.app_key === '*');
  const levels: Array<(r: Rule) => boolean> = [
    (r) => r.subject_type === 'user' && (r.subject === principal.login || r.subject === principal.subject),
    (r) => r.subject_type === 'group' && principal.groups.includes(r.subject),
    (r) => r.subject_type === 'everyone',
  ];
  for (const matches of levels) {
    const hits = forApp.filter(matches);
    if (hits.length > 0) return !hits.some((r) => r.effect === 'deny');
  }
  return false;
}
