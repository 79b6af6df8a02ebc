import type { AccessRule } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { mayOpen, type Principal } from '../../src/services/rights/evaluate';

const who = (over: Partial<Principal> = {}): Principal => ({
  login: 'li',
  subject: 'sub-li',
  groups: ['销售部'],
  isAdmin: false,
  ...over,
});
const rule = (
  subject_type: AccessRule['subject_type'],
  subject: string,
  app_key: string,
  effect: AccessRule['effect'],
): AccessRule => ({ subject_type, subject, app_key, effect });

describe('mayOpen', () => {
  it('no rule means no access; admins may open everything', () => {
    expect(mayOpen(who(), 'pdf', [])).toBe(false);
    expect(mayOpen(who({ isAdmin: true }), 'pdf', [])).toBe(true);
  });

  it('user beats group beats everyone', () => {
    const rules = [
      rule('everyone', '*', '*', 'allow'),
      rule('group', '销售部', 'pdf', 'deny'),
      rule('user', 'li', 'pdf', 'allow'),
    ];
    expect(mayOpen(who(), 'pdf', rules)).toBe(true);
    expect(mayOpen(who({ login: 'wang', subject: 'sub-wang' }), 'pdf', rules)).toBe(false);
    expect(mayOpen(who({ login: 'wang', subject: 'sub-wang', groups: [] }), 'pdf', rules)).toBe(true);
  });

  it('deny beats allow at the same level, and user rules match the SSO subject too', () => {
    expect(mayOpen(who(), 'pdf', [rule('group', '销售部', '*', 'allow'), rule('group', '销售部', 'pdf', 'deny')])).toBe(
      false,
    );
    expect(mayOpen(who(), 'pdf', [rule('everyone', '*', 'pdf', 'allow'), rule('user', 'sub-li', 'pdf', 'deny')])).toBe(
      false,
    );
  });
});
