import { CONSOLE_API_PATHS, type AppListEntry, type DirectorySyncJobView, type LoginResponse } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { processIdentity } from '../../src/lib/process-identity';
import { rows } from '../../src/lib/sql-rows';
import { DIRECTORY_SYNC_JOB, registerDirectorySyncJob } from '../../src/services/departments/directory-sync-job';
import { JobQueue } from '../../src/services/jobs';
import { eventually } from '../chat/helpers';
import { api, body, buildTestApp, issueTokensFor, type TestApp } from '../helper';
import { FakeWorkplace, setFakeSecrets } from './fake-workplace';
import { signInWith, workplaceConfig } from './workplace-helpers';

const fake = new FakeWorkplace();
let t: TestApp;
let admin: string;

const deepseekAllowed = (list: AppListEntry[]) => list.find((a) => a.app_key === 'deepseek')?.be_authorized;

beforeAll(async () => {
  await fake.start();
  setFakeSecrets();
  fake.directories.wecom = {
    departments: [
      { id: '1', name: '示例公司', parent: '' },
      { id: '2', name: '研发部', parent: '1' },
      { id: '3', name: '前端组', parent: '2' },
      { id: '4', name: '市场部', parent: '1' },
    ],
    people: [
      { id: 'zhangsan', name: '张三', departments: ['3'] },
      { id: 'lisi', name: '李四', departments: ['4'] },
      { id: 'zhaoliu', name: '赵六', departments: ['3'] },
    ],
  };
  fake.directories.feishu = {
    departments: [
      { id: 'od-rd', name: '研发部', parent: '0' },
      { id: 'od-fe', name: '前端组', parent: 'od-rd' },
      { id: 'od-be', name: '后端组', parent: 'od-rd' },
      { id: 'od-mk', name: '市场部', parent: '0' },
      { id: 'od-hr', name: '人事部', parent: '0' },
    ],
    people: [
      { id: 'ou_a', name: '甲', departments: ['od-fe'] },
      { id: 'ou_b', name: '乙', departments: ['od-be', 'od-mk'] },
    ],
  };
  fake.directories.dingtalk = {
    departments: [
      { id: '1', name: '示例公司', parent: '' },
      { id: '20', name: '研发部', parent: '1' },
      { id: '21', name: '前端组', parent: '20' },
    ],
    people: [
      { id: 'd1', name: '丁一', departments: ['21'] },
      { id: 'd2', name: '丁二', departments: ['21'] },
      { id: 'd3', name: '丁三', departments: ['21'] },
    ],
  };
  // The scheduled sync is driven by hand below (with explicit times), so the app schedules none.
  t = await buildTestApp({ config: (c) => ({ ...workplaceConfig(fake)(c), directory_sync: { interval_hours: 0 } }) });
  admin = (await issueTokensFor(t, 'admin')).access_token.token;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake.stop();
});

/** "Sync now": queues the sync job, then follows it to its end as the console does. */
async function sync(provider: string): Promise<DirectorySyncJobView> {
  const res = await api(t, admin, { method: 'POST', url: CONSOLE_API_PATHS.directorySync, payload: { provider } });
  let job = body<DirectorySyncJobView>(res).data;
  expect(job.provider).toBe(provider);
  await eventually(async () => {
    const status = await api(t, admin, {
      method: 'GET',
      url: CONSOLE_API_PATHS.directorySyncStatus,
      query: { job_id: String(job.job_id) },
    });
    job = body<DirectorySyncJobView>(status).data;
    return job.state !== 'queued' && job.state !== 'active';
  }, 30_000);
  return job;
}

describe('directory sync', () => {
  it('keeps each provider’s department tree and members, paging through the directory APIs', async () => {
    expect((await sync('wecom')).result).toMatchObject({ departments: 4, members: 3 });
    expect((await sync('feishu')).result).toMatchObject({ departments: 6, members: 2 });
    expect((await sync('dingtalk')).result).toMatchObject({ departments: 3, members: 3 });
    const res = await api(t, admin, { method: 'GET', url: '/api/admin/departments' });
    const list = body<{ list: Array<{ key: string; parent_key: string; name: string }> }>(res).data.list;
    expect(list.find((d) => d.key === 'wecom:3')).toMatchObject({ name: '前端组', parent_key: 'wecom:2' });
    expect(list.find((d) => d.key === 'feishu:od-fe')).toMatchObject({ parent_key: 'feishu:od-rd' });
    expect(list.find((d) => d.key === 'dingtalk:21')).toMatchObject({ parent_key: 'dingtalk:20' });
  });

  it('answers a directory outage with a clean message', async () => {
    fake.down = true;
    try {
      const job = await sync('feishu');
      expect(job).toMatchObject({ state: 'failed', result: null, error: '飞书暂时无法连接，请稍后重试' });
    } finally {
      fake.down = false;
    }
  });
});

describe('department rules', () => {
  it('apply to a person who has never signed in, and to every sub-department', async () => {
    const set = await api(t, admin, {
      method: 'POST',
      url: '/api/admin/rules/set',
      payload: { subject_type: 'department', subject: 'wecom:2', app_key: 'deepseek', effect: 'allow' },
    });
    expect(body(set).code).toBe(0);
    // 赵六 (前端组, under 研发部) signs in for the first time after the rule was written.
    const zhaoliu = await signInWith(t, fake, 'wecom', 'zhaoliu');
    expect(deepseekAllowed(zhaoliu.env.data.account_info.app_list)).toBe(true);
    // 李四 (市场部) is not under 研发部.
    const lisi = await signInWith(t, fake, 'wecom', 'lisi');
    expect(deepseekAllowed(lisi.env.data.account_info.app_list)).toBe(false);
  });

  it('move with the person: a move between departments answers 1004, the refreshed token has the new rights', async () => {
    const before = (await signInWith(t, fake, 'wecom', 'zhangsan')).env.data as LoginResponse;
    expect(deepseekAllowed(before.account_info.app_list)).toBe(true);
    const token = before.access_token.token;
    expect(body(await api(t, token, { method: 'GET', url: '/api/app/list' })).code).toBe(0);

    const zhangsan = fake.directories.wecom.people.find((p) => p.id === 'zhangsan');
    if (zhangsan) zhangsan.departments = ['4'];
    expect((await sync('wecom')).result?.moved).toBeGreaterThanOrEqual(1);

    const stale = await api(t, token, { method: 'GET', url: '/api/app/list' });
    expect(stale.statusCode).toBe(401);
    expect(body(stale).code).toBe(1004);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/user/refreshToken',
      payload: { refresh_token: before.refresh_token.token, is_update_cache: true },
    });
    const next = body<LoginResponse>(refreshed).data;
    expect(deepseekAllowed(next.account_info.app_list)).toBe(false);
    const fresh = await api(t, next.access_token.token, { method: 'GET', url: '/api/deepseek/models' });
    expect(body(fresh).code).toBe(4003);
  });

  it('leave people whose departments did not change alone', async () => {
    const lisi = (await signInWith(t, fake, 'wecom', 'lisi')).env.data as LoginResponse;
    expect((await sync('wecom')).result?.moved).toBe(0);
    expect(body(await api(t, lisi.access_token.token, { method: 'GET', url: '/api/app/list' })).code).toBe(0);
  });

  it('keep OIDC group rules working', async () => {
    await api(t, admin, {
      method: 'POST',
      url: '/api/admin/rules/set',
      payload: { subject_type: 'group', subject: '市场部', app_key: 'metaso', effect: 'allow' },
    });
    const staff = await issueTokensFor(t, 'staff');
    expect(staff.account_info.app_list.find((a) => a.app_key === 'metaso')?.be_authorized).toBe(true);
  });
});

describe('scheduled directory sync', () => {
  it('is queued once per period per provider by two schedulers on one database, and the job syncs', async () => {
    const quiet = { warn: () => undefined, error: () => undefined };
    const { directorySync, workplace, audit } = t.app.services;
    // Two replicas' queues (not started: only their schedules are driven here; the app's own queue runs the jobs).
    const schedulers = [0, 1].map(() => {
      const q = new JobQueue(t.app.db, processIdentity(), quiet);
      registerDirectorySyncJob({
        jobs: q,
        sync: directorySync,
        registry: workplace,
        audit,
        config: { interval_hours: 1 },
        log: quiet,
      });
      return q;
    });
    const hour = 3_600_000;
    const t0 = Math.floor(Date.now() / hour) * hour + 60_000;
    const scheduled = async () =>
      (
        await rows<{ n: number }>(
          t.app.db,
          sql`select count(*)::int as n from jobs where name = ${DIRECTORY_SYNC_JOB} and data->>'requestedBy' is null`,
        )
      )[0]!.n;

    // The first sighting only starts the count: no sync on every start.
    expect((await Promise.all(schedulers.map((q) => q.runSchedules(t0)))).flat()).toEqual([]);
    const firstPeriod = (await Promise.all(schedulers.map((q) => q.runSchedules(t0 + hour)))).flat();
    expect(firstPeriod.sort()).toEqual(['directory.sync:dingtalk', 'directory.sync:feishu', 'directory.sync:wecom']);
    expect((await Promise.all(schedulers.map((q) => q.runSchedules(t0 + hour + 30 * 60_000)))).flat()).toEqual([]);
    expect(await scheduled()).toBe(3);
    const nextPeriod = (await Promise.all(schedulers.map((q) => q.runSchedules(t0 + 2 * hour)))).flat();
    expect(nextPeriod).toHaveLength(3);
    // A period whose job is still queued adds none: the key holds one waiting job at most.
    expect(await scheduled()).toBeLessThanOrEqual(6);

    await eventually(async () => {
      const states = await rows<{ state: string }>(
        t.app.db,
        sql`select state from jobs where name = ${DIRECTORY_SYNC_JOB} and data->>'requestedBy' is null`,
      );
      return states.every((r) => r.state === 'done');
    }, 30_000);
    const done = await rows<{ provider: string; departments: number }>(
      t.app.db,
      sql`select data->>'provider' as provider, (result->>'departments')::int as departments from jobs
          where name = ${DIRECTORY_SYNC_JOB} and data->>'requestedBy' is null order by id`,
    );
    expect(done.find((r) => r.provider === 'wecom')?.departments).toBe(4);
    expect(done.find((r) => r.provider === 'dingtalk')?.departments).toBe(3);
    const logged = await audit.all({ action: 'directory.sync' }, 100);
    expect(logged.some((e) => e.detail === '定时同步' && e.target === 'feishu')).toBe(true);
  });
});
