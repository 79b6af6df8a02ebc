import type { AccountInfo, AppDefinition } from '@portal/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { settings, users } from '../../src/db/schema';
import { GLOBAL_RIGHTS_VERSION_KEY } from '../../src/services/settings/settings-service';
import { eventually } from '../chat/helpers';
import { ok } from '../../src/lib/envelope';
import { AccessTokenSigner } from '../../src/services/auth/access-token';
import { api, body, exampleConfig, issueTokensFor, testDatabase, type TestApp } from '../helper';

/**
 * The auth gate answers from a per-process cache of the user row and the rights versions, dropped
 * when a change is announced in process or notified by the database. On PostgreSQL two app instances share one database, as two replicas do: a
 * change made through one must be seen by the other at its next call. PGlite cannot be opened
 * twice, so there both "replicas" are the same instance and the cross-process half is vacuous.
 */
const moduleProbe: FastifyPluginAsync = async (app) => {
  app.get('/api/deepseek/probe', async () => ok(null));
};

const onPostgres = (process.env.TEST_DB ?? 'pglite') !== 'pglite';
let a: TestApp;
let b: TestApp;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  const database = await testDatabase();
  const config = exampleConfig();
  const start = () =>
    buildApp({ config, database: database.target, publicUrl: 'http://127.0.0.1', extraRoutes: [moduleProbe] });
  const first = await start();
  const second = onPostgres ? await start() : first;
  const wrap = (app: FastifyInstance): TestApp => ({
    app,
    baseUrl: 'http://127.0.0.1',
    config,
    database: database.target,
    close: async () => undefined,
  });
  a = wrap(first);
  b = wrap(second);
  closeAll = async () => {
    await first.close();
    if (second !== first) await second.close();
    await database.drop();
  };
});
afterAll(async () => {
  await closeAll?.();
});

const info = async (t: TestApp, token: string) =>
  body<{ account_info: AccountInfo }>(await api(t, token, { method: 'GET', url: '/api/user/info' }));
const deepseekOf = (account: AccountInfo) => account.app_list.find((x) => x.app_key === 'deepseek');

describe('rights across replicas', () => {
  it('a user rule set on one replica gives 1004 on the other at the next call', async () => {
    const staff = await issueTokensFor(a, 'staff');
    // Fill the other replica's cache first, so a stale entry would show.
    expect(deepseekOf((await info(b, staff.access_token.token)).data.account_info)?.be_authorized).toBe(false);
    expect(body(await api(b, staff.access_token.token, { method: 'GET', url: '/api/deepseek/probe' })).code).toBe(4003);

    await a.app.services.rights.setRule({
      subject_type: 'user',
      subject: 'staff',
      app_key: 'deepseek',
      effect: 'allow',
    });

    expect(body(await api(b, staff.access_token.token, { method: 'GET', url: '/api/user/info' })).code).toBe(1004);
    const renewed = await issueTokensFor(b, 'staff');
    expect(deepseekOf((await info(b, renewed.access_token.token)).data.account_info)?.be_authorized).toBe(true);
    expect(body(await api(b, renewed.access_token.token, { method: 'GET', url: '/api/deepseek/probe' })).code).toBe(0);
  });

  it('an everyone rule and a catalogue edit on one replica reach the other', async () => {
    const staff = await issueTokensFor(b, 'staff');
    expect((await info(b, staff.access_token.token)).code).toBe(0);
    await a.app.services.rights.setRule({ subject_type: 'everyone', subject: '*', app_key: 'pdf', effect: 'deny' });
    expect((await info(b, staff.access_token.token)).code).toBe(1004);

    const renewed = await issueTokensFor(b, 'staff');
    const before = (await info(b, renewed.access_token.token)).data.account_info;
    const pdf = before.app_list.find((x) => x.app_key === 'pdf');
    expect(pdf).toBeDefined();
    await a.app.services.catalogue.upsert({
      app_key: 'pdf',
      app_name: '改过名的应用',
      app_icon: pdf!.app_icon,
      app_url: pdf!.app_url,
      description: pdf!.description,
      type_tags: pdf!.type_tags as AppDefinition['type_tags'],
      scene_tags: pdf!.scene_tags,
      order: pdf!.order,
      enabled: true,
    });
    expect((await info(b, renewed.access_token.token)).code).toBe(1004);
    const latest = await issueTokensFor(b, 'staff');
    const after = (await info(b, latest.access_token.token)).data.account_info;
    expect(after.app_list.find((x) => x.app_key === 'pdf')?.app_name).toBe('改过名的应用');
  });

  // Writes straight into the database, past the services that announce their changes in process:
  // only the database's notification can tell the other replica's cache, within a moment.
  it('a user disabled in the database is refused on every replica', async () => {
    const staff = await issueTokensFor(b, 'staff');
    expect((await info(b, staff.access_token.token)).code).toBe(0);
    const user = await a.app.services.users.findByLogin('staff');
    await a.app.db.update(users).set({ disabled: true }).where(eq(users.id, user!.id));
    try {
      await eventually(async () => (await info(b, staff.access_token.token)).code === 1002, 10_000);
    } finally {
      await a.app.db.update(users).set({ disabled: false }).where(eq(users.id, user!.id));
    }
    await eventually(async () => (await info(b, (await issueTokensFor(b, 'staff')).access_token.token)).code === 0);
  });

  it('a global rights version moved in the database gives 1004 on every replica', async () => {
    const staff = await issueTokensFor(b, 'staff');
    expect((await info(b, staff.access_token.token)).code).toBe(0);
    await a.app.db
      .update(settings)
      .set({ value: sql`(${settings.value}::integer + 1)::text` })
      .where(eq(settings.key, GLOBAL_RIGHTS_VERSION_KEY));
    await eventually(async () => (await info(b, staff.access_token.token)).code === 1004, 10_000);
  });
});

describe('access token verification', () => {
  const signer = () => a.app.services.signer;
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('accepts what it signs and nothing re-encoded, re-signed with another key or with another algorithm', async () => {
    const { token } = await signer().sign({ userId: 7, rightsVersion: 3 });
    expect(await signer().verify(token)).toEqual({ userId: 7, rightsVersion: 3 });
    const [h, p, s] = token.split('.') as [string, string, string];
    const refused = async (candidate: string) =>
      expect(signer().verify(candidate)).rejects.toMatchObject({ code: 1002 });
    await refused(`${h}.${p}.${s}=`);
    await refused(`${h}.${p}.${s.slice(0, -1)}`);
    await refused(`${h}.${p}`);
    await refused(`${h}.${p}.${s}.${s}`);
    await refused(`${h}.${b64({ sub: '1', rv: 99, exp: 4_000_000_000 })}.${s}`);
    await refused((await new AccessTokenSigner('another secret', 60).sign({ userId: 7, rightsVersion: 3 })).token);
    await refused(`${b64({ alg: 'none', typ: 'JWT' })}.${p}.`);
    await refused(`${b64({ alg: 'HS512', typ: 'JWT' })}.${p}.${s}`);
  });

  it('answers 1001 for an expired token', async () => {
    const expired = new AccessTokenSigner(a.app.services.serverSecret, -10);
    const { token } = await expired.sign({ userId: 7, rightsVersion: 0 });
    await expect(signer().verify(token)).rejects.toMatchObject({ code: 1001 });
  });
});
