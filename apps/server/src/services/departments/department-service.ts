import type { WorkplaceProvider } from '@portal/contract';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departmentMembers, departments, users, type Department, type User } from '../../db/schema';
import type { DirectorySnapshot } from '../auth/providers';
import { announceGateChange } from '../rights/gate-changes';

export const departmentKey = (provider: string, externalId: string) => `${provider}:${externalId}`;
export const userSubject = departmentKey;

export interface SyncResult {
  provider: WorkplaceProvider;
  departments: number;
  members: number;
  /** Signed-in people whose departments changed (their rights version moved). */
  moved: number;
}

/**
 * The department tree and memberships of the workplace providers. A user row keeps its departments
 * expanded with every ancestor, so the rights check stays a plain list lookup; whenever that list
 * changes, the user's rights version moves and older tokens answer 1004.
 */
export class DepartmentService {
  constructor(private readonly db: Db) {}

  /** Replaces the provider's tree and memberships with a directory snapshot, then re-places people. */
  async applySnapshot(provider: WorkplaceProvider, snap: DirectorySnapshot): Promise<SyncResult> {
    const now = new Date();
    const deptRows = dedupe(
      snap.departments
        .filter((d) => d.externalId)
        .map((d) => ({
          key: departmentKey(provider, d.externalId),
          provider,
          externalId: d.externalId,
          name: d.name.slice(0, 200),
          parentKey: d.parentExternalId ? departmentKey(provider, d.parentExternalId) : '',
          syncedAt: now,
        })),
      (r) => r.key,
    );
    const memberRows = dedupe(
      snap.members.flatMap((m) =>
        m.departmentIds.map((id) => ({
          subject: userSubject(provider, m.externalId),
          departmentKey: departmentKey(provider, id),
          provider,
          name: m.name.slice(0, 200),
          syncedAt: now,
        })),
      ),
      (r) => `${r.subject}\u0001${r.departmentKey}`,
    );
    await this.db.transaction(async (tx) => {
      await tx.delete(departments).where(eq(departments.provider, provider));
      await tx.delete(departmentMembers).where(eq(departmentMembers.provider, provider));
      for (const chunk of chunks(deptRows, 500)) await tx.insert(departments).values(chunk);
      for (const chunk of chunks(memberRows, 500)) await tx.insert(departmentMembers).values(chunk);
    });
    const moved = await this.refreshUsers(provider);
    return { provider, departments: deptRows.length, members: snap.members.length, moved };
  }

  /**
   * A sign-in tells the person's current departments; they replace what the last sync said, so a
   * move shows at once. Returns the user row as it is now (rights version included).
   */
  async placeAtSignIn(provider: WorkplaceProvider, user: User, externalId: string, ids: string[]): Promise<User> {
    const subject = userSubject(provider, externalId);
    await this.db.transaction(async (tx) => {
      await tx.delete(departmentMembers).where(eq(departmentMembers.subject, subject));
      const rows = [...new Set(ids)].map((id) => ({
        subject,
        departmentKey: departmentKey(provider, id),
        provider,
        name: user.userName,
      }));
      if (rows.length > 0) await tx.insert(departmentMembers).values(rows);
    });
    await this.refreshUsers(provider, [user]);
    return (await this.db.select().from(users).where(eq(users.id, user.id)))[0] ?? user;
  }

  async list(provider?: string): Promise<Department[]> {
    const q = this.db.select().from(departments);
    return provider
      ? q.where(eq(departments.provider, provider)).orderBy(asc(departments.key))
      : q.orderBy(asc(departments.key));
  }

  /** Direct department keys of a subject, from the last sync or sign-in. */
  async membershipOf(subject: string): Promise<string[]> {
    const rows = await this.db
      .select({ key: departmentMembers.departmentKey })
      .from(departmentMembers)
      .where(eq(departmentMembers.subject, subject));
    return rows.map((r) => r.key).sort();
  }

  /** Every subject in the department or below it (for "who can open this app"). */
  async subjectsUnder(key: string): Promise<string[]> {
    const provider = key.split(':')[0] ?? '';
    const tree = await this.parentMap(provider);
    const rows = await this.db
      .select({ subject: departmentMembers.subject, key: departmentMembers.departmentKey })
      .from(departmentMembers)
      .where(eq(departmentMembers.provider, provider));
    return [...new Set(rows.filter((r) => withAncestors([r.key], tree).includes(key)).map((r) => r.subject))];
  }

  /** Recomputes the expanded departments of the provider's users (or the given ones); bumps movers. */
  private async refreshUsers(provider: string, only?: User[]): Promise<number> {
    const tree = await this.parentMap(provider);
    const people =
      only ??
      (await this.db
        .select()
        .from(users)
        .where(like(users.subject, `${provider}:%`)));
    if (people.length === 0) return 0;
    const memberships = await this.db
      .select({ subject: departmentMembers.subject, key: departmentMembers.departmentKey })
      .from(departmentMembers)
      .where(
        and(
          eq(departmentMembers.provider, provider),
          inArray(
            departmentMembers.subject,
            people.map((p) => p.subject),
          ),
        ),
      );
    const direct = new Map<string, string[]>();
    for (const m of memberships) direct.set(m.subject, [...(direct.get(m.subject) ?? []), m.key]);
    let moved = 0;
    for (const person of people) {
      const expanded = withAncestors(direct.get(person.subject) ?? [], tree);
      if (JSON.stringify(expanded) === JSON.stringify(person.departments)) continue;
      await this.db
        .update(users)
        .set({ departments: expanded, rightsVersion: sql`${users.rightsVersion} + 1` })
        .where(eq(users.id, person.id));
      announceGateChange(person.id);
      moved++;
    }
    return moved;
  }

  private async parentMap(provider: string): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ key: departments.key, parentKey: departments.parentKey })
      .from(departments)
      .where(eq(departments.provider, provider));
    return new Map(rows.map((r) => [r.key, r.parentKey]));
  }
}

/** The keys with every ancestor, sorted; a cycle in the provider's data cannot loop forever. */
export function withAncestors(keys: readonly string[], parents: ReadonlyMap<string, string>): string[] {
  const out = new Set<string>();
  for (const key of keys) {
    let cur: string | undefined = key;
    while (cur && !out.has(cur)) {
      out.add(cur);
      cur = parents.get(cur);
    }
  }
  return [...out].sort();
}

function dedupe<T>(rows: T[], keyOf: (r: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const r of rows) seen.set(keyOf(r), r);
  return [...seen.values()];
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
