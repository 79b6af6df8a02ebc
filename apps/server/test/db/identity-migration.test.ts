import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { mayOpen } from '../../src/services/rights/evaluate';
import { migratedTestDatabase } from '../helper';

/**
 * Migration 0010 gives every account signed in before it its provider: rows it finds read as OIDC
 * (the column's default) until its backfill names the workplace ones by their subject's prefix.
 * Stored rules are not rewritten: a bare name keeps naming the OIDC person, `wecom:x` the WeCom one.
 */
const database = migratedTestDatabase();

function backfill(): string {
  const text = readFileSync(join(migrationsFolder, '0010_identity_links.sql'), 'utf8');
  const statement = text.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "users"'));
  if (!statement) throw new Error('0010 has no backfill');
  return statement;
}

describe('migration 0010', () => {
  it('names the provider of accounts signed in before it, and stored rules keep their meaning', async () => {
    const { db } = database;
    // As the rows stood before the backfill: the new column at its default.
    await db.insert(users).values(
      ['staff', 'wecom:staff', 'feishu:ou_x', 'dingtalk:ding-1', 'urn:corp:42'].map((subject) => ({
        subject,
        login: subject.includes(':') && !subject.startsWith('urn') ? subject.split(':')[1]! : subject,
      })),
    );
    await db.execute(sql.raw(backfill()));
    const rows = await db.select({ subject: users.subject, provider: users.provider, login: users.login }).from(users);
    expect(Object.fromEntries(rows.map((r) => [r.subject, r.provider]))).toEqual({
      staff: 'oidc',
      'wecom:staff': 'wecom',
      'feishu:ou_x': 'feishu',
      'dingtalk:ding-1': 'dingtalk',
      'urn:corp:42': 'oidc',
    });

    const rules = [
      { subject_type: 'user' as const, subject: 'staff', app_key: 'deepseek', effect: 'allow' as const },
      { subject_type: 'user' as const, subject: 'wecom:staff', app_key: 'metaso', effect: 'allow' as const },
      { subject_type: 'user' as const, subject: 'urn:corp:42', app_key: 'pdf', effect: 'allow' as const },
    ];
    const who = (subject: string) => {
      const r = rows.find((x) => x.subject === subject)!;
      return { ...r, groups: [], isAdmin: false };
    };
    expect(mayOpen(who('staff'), 'deepseek', rules)).toBe(true);
    expect(mayOpen(who('wecom:staff'), 'deepseek', rules)).toBe(false);
    expect(mayOpen(who('wecom:staff'), 'metaso', rules)).toBe(true);
    expect(mayOpen(who('staff'), 'metaso', rules)).toBe(false);
    expect(mayOpen(who('urn:corp:42'), 'pdf', rules)).toBe(true);
  });
});
