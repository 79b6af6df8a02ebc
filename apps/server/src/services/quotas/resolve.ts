import type { QuotaRule } from '@portal/contract';
import { namesOf, type Principal } from '../rights/evaluate';
import { namesPerson } from '../users/identity';

type Rule = Pick<QuotaRule, 'subject_type' | 'subject' | 'module' | 'limit' | 'period'>;

/**
 * The quota rule that applies to a person in a module, or undefined when none does (the
 * configured quota then applies). The most specific level with a matching rule decides: the
 * person, then the nearest of their departments (a rule on a department covers its
 * sub-departments, and a deeper department is nearer), then their groups, then everyone. Where
 * several rules tie at one level (two groups, two departments at the same depth) the most
 * generous one wins, so belonging to one more group never takes asks away.
 */
export function resolveQuota<R extends Rule>(
  principal: Pick<Principal, 'login' | 'subject' | 'provider' | 'linked' | 'groups' | 'departments'>,
  quotaKey: string,
  rules: readonly R[],
  /** Depth of a department in its tree (root 0); unknown departments count as roots. */
  depthOf: (departmentKey: string) => number = () => 0,
): R | undefined {
  const forKey = rules.filter((r) => r.module === quotaKey);
  const departments = principal.departments ?? [];
  // A person is named by provider, as access rules name them (users/identity.ts).
  const names = namesOf(principal);
  const byUser = forKey.filter((r) => r.subject_type === 'user' && namesPerson(names, r.subject));
  if (byUser.length > 0) return mostGenerous(byUser);
  const byDepartment = forKey.filter((r) => r.subject_type === 'department' && departments.includes(r.subject));
  if (byDepartment.length > 0) {
    const nearest = Math.max(...byDepartment.map((r) => depthOf(r.subject)));
    return mostGenerous(byDepartment.filter((r) => depthOf(r.subject) === nearest));
  }
  const byGroup = forKey.filter((r) => r.subject_type === 'group' && principal.groups.includes(r.subject));
  if (byGroup.length > 0) return mostGenerous(byGroup);
  return mostGenerous(forKey.filter((r) => r.subject_type === 'everyone'));
}

/** Unlimited beats any limit, then the larger limit; the same limit over a shorter period gives more asks. */
function mostGenerous<R extends Rule>(rules: readonly R[]): R | undefined {
  const periodRank = { day: 0, week: 1, month: 2 } as const;
  return [...rules].sort((a, b) => {
    if (a.limit === null || b.limit === null) return a.limit === null ? (b.limit === null ? 0 : -1) : 1;
    return b.limit - a.limit || periodRank[a.period] - periodRank[b.period];
  })[0];
}
