import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deadPids, type ProcessIdentity } from '../../lib/process-identity';
import { rows } from '../../lib/sql-rows';

/** The answer stores that hold generated messages, so a sweep can close a dead owner's answers. */
export interface IncompleteMarker {
  /** Sets still-generating messages to `incomplete`; others are left alone. */
  markIncomplete(messageIds: string[]): Promise<void>;
}

/** A generation lease as a statement of its own takes it (see `claimantFor`). */
export interface LeaseClaimant {
  store: string;
  owner: string;
  host: string;
  pid: number;
  leaseMs: number;
}

/**
 * Ownership of running generations (table `generations`): claimed when a generation starts,
 * renewed while it runs, released when it ends. Leases and stop flags live in the database, so
 * any replica can stop an answer and any replica can close the answers of a dead one.
 */
export class GenerationLeases {
  constructor(
    private readonly db: Db,
    private readonly me: ProcessIdentity,
    private readonly leaseMs: number,
  ) {}

  /**
   * What a statement that creates an answer row needs to take its lease in the same transaction
   * (the chat's prepare step): this process as owner, and the lease's length.
   */
  claimantFor(store: string): LeaseClaimant {
    return { store, owner: this.me.id, host: this.me.host, pid: this.me.pid, leaseMs: this.leaseMs };
  }

  /**
   * Takes ownership of a message's generation; answers whether a stop was already requested
   * (a stop may arrive before an asynchronous answer starts).
   */
  async claim(messageId: string, store: string): Promise<{ claimed: boolean; stopRequested: boolean }> {
    // Only an unowned row (a stop that came first) is taken over: a generation that another
    // process started is never restarted, its answer is closed when that owner's lease runs out.
    const [row] = await rows<{ stop_requested: boolean }>(
      this.db,
      sql`insert into generations (message_id, store, owner, owner_host, owner_pid, lease_until)
          values (${messageId}, ${store}, ${this.me.id}, ${this.me.host}, ${this.me.pid},
                  now() + ${this.leaseMs} * interval '1 millisecond')
          on conflict (message_id) do update set owner = excluded.owner, owner_host = excluded.owner_host,
            owner_pid = excluded.owner_pid, lease_until = excluded.lease_until
          where generations.owner is null
          returning stop_requested`,
    );
    return { claimed: row !== undefined, stopRequested: row?.stop_requested ?? false };
  }

  /**
   * Extends every lease this process holds in one statement (not one per answer: a thousand open
   * answers would otherwise cost a thousand updates a second); answers the generations someone
   * asked to stop.
   */
  async renewAll(): Promise<string[]> {
    const stopped = await rows<{ message_id: string }>(
      this.db,
      sql`with renewed as (
            update generations set lease_until = now() + ${this.leaseMs} * interval '1 millisecond'
            where owner = ${this.me.id}
            returning message_id, stop_requested
          )
          select message_id from renewed where stop_requested`,
    );
    return stopped.map((r) => r.message_id);
  }

  async release(messageId: string): Promise<void> {
    await this.db.execute(sql`delete from generations where message_id = ${messageId} and owner = ${this.me.id}`);
  }

  /**
   * Flags a generation to stop. Without a row (an asynchronous answer not started yet) one is
   * made, unowned, so the worker that starts it sees the flag at once.
   */
  async requestStop(messageId: string, store: string): Promise<void> {
    await this.db.execute(
      sql`insert into generations (message_id, store, lease_until, stop_requested)
          values (${messageId}, ${store}, now() + ${this.leaseMs} * interval '1 millisecond', true)
          on conflict (message_id) do update set stop_requested = true`,
    );
  }

  /** True while some process owns the generation. */
  async isOwned(messageId: string): Promise<boolean> {
    const [row] = await rows<{ n: number }>(
      this.db,
      sql`select 1 as n from generations where message_id = ${messageId} and owner is not null`,
    );
    return row !== undefined;
  }

  /** Drops an unowned row left by a stop that came before its generation started. */
  async dropUnowned(messageId: string): Promise<void> {
    await this.db.execute(sql`delete from generations where message_id = ${messageId} and owner is null`);
  }

  /**
   * Takes away the generations of dead owners and returns them by store: rows whose lease ran out,
   * and at once the rows of pids gone from this host (a previous incarnation of this replica).
   */
  async sweepDead(): Promise<Map<string, string[]>> {
    const local = await rows<{ pid: number }>(
      this.db,
      sql`select distinct owner_pid::int as pid from generations
          where owner_host = ${this.me.host} and owner <> ${this.me.id} and owner_pid is not null`,
    );
    const dead = deadPids(local.map((r) => r.pid));
    const deadClause =
      dead.length > 0
        ? sql` or (owner_host = ${this.me.host} and owner_pid in (${sql.join(
            dead.map((p) => sql`${p}`),
            sql`, `,
          )}))`
        : sql``;
    const gone = await rows<{ message_id: string; store: string }>(
      this.db,
      sql`delete from generations
          where (owner is distinct from ${this.me.id}) and (lease_until < now()${deadClause})
          returning message_id, store`,
    );
    const byStore = new Map<string, string[]>();
    for (const row of gone) byStore.set(row.store, [...(byStore.get(row.store) ?? []), row.message_id]);
    return byStore;
  }
}
