import type { LinkedAccount } from '@portal/contract';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityLinks, users, type User } from '../../db/schema';
import { announceGateChange } from '../rights/gate-changes';
import { identityOf, type Account } from './identity';

/**
 * In a select from `users`: the other accounts linked to the row's user, as one jsonb array (null
 * when not linked). A subquery, so a read of the user row brings them along in the same round trip.
 */
export function linkedAccountsSql(): SQL<Account[] | null> {
  // Spelled out: drizzle writes a column of the selected table without its table name, which
  // inside this subquery would be the linked account's id.
  const userId = sql`${users}.${sql.identifier(users.id.name)}`;
  return sql<Account[] | null>`(
    select jsonb_agg(jsonb_build_object('provider', other.provider, 'subject', other.subject, 'login', other.login))
    from ${identityLinks} mine
    join ${identityLinks} theirs on theirs.person_id = mine.person_id and theirs.user_id <> mine.user_id
    join ${users} other on other.id = theirs.user_id
    where mine.user_id = ${userId})`;
}

/** The other accounts linked to each given user (every linked user when `userIds` is omitted). */
export async function readLinked(
  db: Db,
  userIds?: readonly number[],
): Promise<Map<number, Array<Account & { id: number }>>> {
  const mine = db
    .select({ userId: identityLinks.userId, personId: identityLinks.personId })
    .from(identityLinks)
    .$dynamic();
  const own = userIds ? await mine.where(inArray(identityLinks.userId, [...userIds])) : await mine;
  if (own.length === 0) return new Map();
  const members = await db
    .select({
      userId: identityLinks.userId,
      personId: identityLinks.personId,
      provider: users.provider,
      subject: users.subject,
      login: users.login,
    })
    .from(identityLinks)
    .innerJoin(users, eq(users.id, identityLinks.userId))
    .where(inArray(identityLinks.personId, [...new Set(own.map((r) => r.personId))]));
  return new Map(
    own.map((o) => [
      o.userId,
      members
        .filter((m) => m.personId === o.personId && m.userId !== o.userId)
        .map(({ userId, provider, subject, login }) => ({ id: userId, provider, subject, login })),
    ]),
  );
}

/**
 * Linking accounts of one person across providers, an administrator's explicit act (the routes
 * audit it). The accounts of a person share a `person_id` that is always the id of one of them,
 * so no two people ever share one. Every account whose person changes gets a new rights version:
 * the rules and admin entries that cover it just changed.
 */
export class IdentityLinkService {
  constructor(private readonly db: Db) {}

  /** The accounts of the user's person, the user included; undefined when the user does not exist. */
  async accountsOf(userId: number, db: Db = this.db): Promise<LinkedAccount[] | undefined> {
    const [own] = await db
      .select({ personId: identityLinks.personId })
      .from(identityLinks)
      .where(eq(identityLinks.userId, userId));
    const rows = own
      ? await db
          .select({ user: users })
          .from(identityLinks)
          .innerJoin(users, eq(users.id, identityLinks.userId))
          .where(eq(identityLinks.personId, own.personId))
          .orderBy(asc(users.id))
      : await db.select({ user: users }).from(users).where(eq(users.id, userId));
    return rows.length === 0 ? undefined : rows.map((r) => view(r.user));
  }

  /** Both accounts, and whatever each was linked to, become one person. Undefined when one does not exist. */
  async link(
    userId: number,
    otherUserId: number,
  ): Promise<{ before: LinkedAccount[][]; after: LinkedAccount[] } | undefined> {
    const changed = await this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [userId, otherUserId]));
      if (found.length !== 2) return undefined;
      const before = [(await this.accountsOf(userId, tx))!, (await this.accountsOf(otherUserId, tx))!];
      const rows = await tx
        .select()
        .from(identityLinks)
        .where(inArray(identityLinks.userId, [userId, otherUserId]));
      const personOf = (id: number) => rows.find((r) => r.userId === id)?.personId ?? id;
      const [a, b] = [personOf(userId), personOf(otherUserId)];
      const person = Math.min(a, b);
      if (a !== b)
        await tx
          .update(identityLinks)
          .set({ personId: person })
          .where(eq(identityLinks.personId, Math.max(a, b)));
      await tx
        .insert(identityLinks)
        .values([userId, otherUserId].map((id) => ({ userId: id, personId: person })))
        .onConflictDoUpdate({ target: identityLinks.userId, set: { personId: person } });
      const after = (await this.accountsOf(userId, tx))!;
      await bump(
        tx,
        after.map((x) => x.id),
      );
      return { before, after };
    });
    if (changed) changed.after.forEach((x) => announceGateChange(x.id));
    return changed;
  }

  /**
   * The account stands alone again; the others stay one person (or stop being linked when one is
   * left). Undefined when the user does not exist; `before` of one account when it was not linked.
   */
  async unlink(userId: number): Promise<{ before: LinkedAccount[]; after: LinkedAccount[] } | undefined> {
    const changed = await this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const before = await this.accountsOf(userId, tx);
      if (!before || before.length < 2) return before && { before, after: before };
      await tx.delete(identityLinks).where(eq(identityLinks.userId, userId));
      const rest = before.filter((x) => x.id !== userId).map((x) => x.id);
      if (rest.length === 1) await tx.delete(identityLinks).where(inArray(identityLinks.userId, rest));
      // The person keeps the id of one of its accounts, never the one that left.
      else
        await tx
          .update(identityLinks)
          .set({ personId: Math.min(...rest) })
          .where(inArray(identityLinks.userId, rest));
      await bump(
        tx,
        before.map((x) => x.id),
      );
      return { before, after: (await this.accountsOf(userId, tx))! };
    });
    if (changed && changed.before.length > 1) changed.before.forEach((x) => announceGateChange(x.id));
    return changed;
  }
}

async function bump(db: Db, ids: number[]): Promise<void> {
  await db
    .update(users)
    .set({ rightsVersion: sql`${users.rightsVersion} + 1` })
    .where(inArray(users.id, ids));
}

function view(u: User): LinkedAccount {
  return { id: u.id, identity: identityOf(u), user_name: u.userName };
}
