import type { PersonUsage, SearchResult, SearchSummary } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_EXECUTION_JOB } from '../../src/modules/search/runner';
import { SearchTokenSigner } from '../../src/modules/search/search-token';
import { AUDIT_PURGE_JOB } from '../../src/services/audit/audit-retention';
import { DOCUMENT_PARSE_JOB } from '../../src/services/documents';
import { bearer, body, type TestApp } from '../helper';
import { multipart } from '../files/fixtures';
import { buildSearchApp, call, getS, postS, signInSearch, startRun, waitRun, type SearchCallerTokens } from './helpers';

/** The search service without any web backend or model: tokens, sessions, and research over uploaded documents. */
describe('search service: tokens, sessions, offline documents', () => {
  let t: TestApp;
  let staff: SearchCallerTokens;
  let admin: SearchCallerTokens;

  beforeAll(async () => {
    t = await buildSearchApp(null);
    staff = await signInSearch(t, 'staff');
    admin = await signInSearch(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('mounted in the portal: the portal runs every job, and its pages connect to no new origin', async () => {
    expect(t.app.services.jobs.names()).toEqual(
      expect.arrayContaining([SEARCH_EXECUTION_JOB, DOCUMENT_PARSE_JOB, AUDIT_PURGE_JOB]),
    );
    const page = await t.app.inject('/');
    const csp = String(page.headers['content-security-policy']);
    expect(csp.split(';').find((d) => d.startsWith('connect-src '))).toBe("connect-src 'self' https:");
    const config = await t.app.inject('/app-config.json');
    expect(config.headers['content-security-policy']).toBe(csp);
    expect(config.json<{ searchApiDomain: string }>().searchApiDomain).toBe('/search-api/');
  });

  describe('tokens', () => {
    it('refuses a login without a portal token', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/search-api/auth/loginByV1User',
        payload: { mobile: staff.mobile, name: staff.name, domain: 'mind' },
      });
      expect(res.statusCode).toBe(401);
      expect(body(res).code).toBe(1002);
    });

    it('refuses a token for another person’s mobile or name', async () => {
      const other = t.config.demo_accounts.find((a) => a.login === 'admin')!;
      for (const payload of [
        { mobile: other.mobile, name: staff.name },
        { mobile: staff.mobile, name: other.name },
        { mobile: '', name: staff.name },
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/search-api/auth/loginByV1User',
          headers: bearer(staff.access),
          payload: { ...payload, avatar_url: '', domain: 'mind' },
        });
        expect(res.statusCode).toBe(403);
        expect(body(res).message).toBe('身份信息与当前登录账号不一致');
      }
    });

    it('gives an account without a mobile its token, for itself only', async () => {
      const staffAccount = t.config.demo_accounts.find((a) => a.login === 'staff')!;
      const user = await t.app.services.users.upsertFromClaims({
        subject: 'no-mobile',
        login: 'no-mobile',
        userName: '无手机号',
        email: '',
        mobile: '',
        avatar: '',
        groups: staffAccount.groups,
      });
      const access = (await t.app.services.sessions.start(user)).access_token.token;
      const login = (payload: { mobile: string; name: string }) =>
        t.app.inject({
          method: 'POST',
          url: '/search-api/auth/loginByV1User',
          headers: bearer(access),
          payload: { ...payload, avatar_url: '', domain: 'mind' },
        });
      const ok = await login({ mobile: '', name: '无手机号' });
      expect(body(ok).code).toBe(0);
      expect(t.app.searchService.tokens.verify(body<{ token: string }>(ok).data.token)?.uid).toBe(user.id);
      // Still never for someone else: another person's mobile or name is refused.
      expect((await login({ mobile: staff.mobile, name: '无手机号' })).statusCode).toBe(403);
      expect((await login({ mobile: '', name: staff.name })).statusCode).toBe(403);
    });

    it('refuses calls without the search token, with an expired one, or with another person’s', async () => {
      const noToken = await call(
        t,
        { ...staff, search: '' },
        { method: 'GET', url: 'session/listByDomain?domain=mind' },
      );
      expect(noToken.status).toBe(401);
      const uid = t.app.searchService.tokens.verify(staff.search)!.uid;
      const expired = new SearchTokenSigner(t.app.services.serverSecret, 60).issue(uid, Date.now() - 3_600_000).token;
      const old = await call(
        t,
        { ...staff, search: expired },
        { method: 'GET', url: 'session/listByDomain?domain=mind' },
      );
      expect(old.status).toBe(401);
      expect(old.env.message).toContain('搜索服务凭证');
      const forged = await call(
        t,
        { ...staff, search: `${staff.search.slice(0, -2)}xx` },
        { method: 'GET', url: 'session/listByDomain?domain=mind' },
      );
      expect(forged.status).toBe(401);
      // Admin's search token with staff's portal token: not the same person.
      const swapped = await call(
        t,
        { ...staff, search: admin.search },
        { method: 'GET', url: 'session/listByDomain?domain=mind' },
      );
      expect(swapped.status).toBe(401);
      // The search token alone is not enough either.
      const alone = await call(
        t,
        { ...staff, access: 'x' },
        { method: 'GET', url: 'session/listByDomain?domain=mind' },
      );
      expect(alone.status).toBe(401);
      const ok = await getS(t, staff, 'session/listByDomain');
      expect(ok.env.code).toBe(0);
    });

    it('requires domain mind on every call', async () => {
      const res = await call(t, staff, { method: 'GET', url: 'session/listByDomain' });
      expect(res.status).toBe(400);
      expect(res.env.code).toBe(4001);
      const wrong = await call(t, staff, {
        method: 'POST',
        url: 'session/addByApp',
        payload: { app_doi: 'metaso', domain: 'x' },
      });
      expect(wrong.status).toBe(400);
    });
  });

  describe('sessions', () => {
    it('adds, lists, renames, deletes; other people’s ids answer as unknown', async () => {
      const added = await postS<{ session_id: string; session_name: string }>(t, staff, 'session/addByApp', {
        app_doi: 'metaso',
      });
      expect(added.env.code).toBe(0);
      const id = added.env.data.session_id;
      const list = await getS<{ session_list: { session_id: string; exec_id: string | null }[] }>(
        t,
        staff,
        'session/listByDomain',
        { app_dois_str: 'metaso', page_index: '1', page_size: '100' },
      );
      expect(list.env.data.session_list.map((s) => s.session_id)).toContain(id);
      expect((await getS(t, admin, 'session/listByDomain')).env.data).toMatchObject({ total: 0 });

      const edit = await call(t, staff, {
        method: 'POST',
        url: 'session/edit?domain=mind',
        payload: [{ session_id: id, session_name: '港口研究' }] as unknown as Record<string, unknown>,
      });
      expect(edit.env.code).toBe(0);
      const theirs = await call(t, admin, {
        method: 'POST',
        url: 'session/edit?domain=mind',
        payload: [{ session_id: id, session_name: '偷改' }] as unknown as Record<string, unknown>,
      });
      expect(theirs.env.code).toBe(4000);
      const renamed = await getS<{ session_list: { session_id: string; session_name: string }[] }>(
        t,
        staff,
        'session/listByDomain',
      );
      expect(renamed.env.data.session_list.find((s) => s.session_id === id)?.session_name).toBe('港口研究');

      expect((await getS(t, admin, 'session/chatHistory', { session_id: id })).env.code).toBe(4000);
      expect((await getS(t, admin, 'session/del', { session_id: id })).env.code).toBe(4000);
      expect((await getS(t, staff, 'session/del', { session_id: id })).env.code).toBe(0);
      expect((await getS(t, staff, 'session/chatHistory', { session_id: id })).env.code).toBe(4000);
    });

    it('lists the app’s workflows', async () => {
      const res = await getS<{ app_id: string; app_workflow_list: { kind: string }[] }>(
        t,
        staff,
        'app/appWorkflow/list',
        {
          app_doi: 'metaso',
        },
      );
      expect(res.env.data.app_id).toBe('metaso');
      expect(res.env.data.app_workflow_list.map((w) => w.kind)).toEqual(['quick', 'deep', 'docs']);
      expect((await getS(t, staff, 'app/appWorkflow/list', { app_doi: 'nope' })).env.code).toBe(4001);
    });
  });

  it('counts research runs against the per-person quota; past it, 4030 in Chinese', async () => {
    await t.app.services.quotas.set({
      subject_type: 'user',
      subject: 'admin',
      module: 'research',
      limit: 1,
      period: 'day',
    });
    const first = await startRun(t, admin, 'quick');
    expect((await postS(t, admin, 'workflow/execute/runStep', { execution_id: first, query: '电池' })).env.code).toBe(
      0,
    );
    await waitRun(t, admin, first, (r) => r.status !== 'running');
    const second = await startRun(t, admin, 'quick');
    const refused = await postS(t, admin, 'workflow/execute/runStep', { execution_id: second, query: '电池' });
    expect(refused.status).toBe(429);
    expect(refused.env).toMatchObject({ code: 4030, message: '本模块使用次数已用完，请稍后再试' });
    // Refused before it started: the run still waits for its question.
    expect(
      (await getS<SearchResult>(t, admin, 'workflow/execute/getResult', { execution_id: second })).env.data.status,
    ).toBe('waiting');
    // The console's per-person usage counts the runs under their own quota key.
    const uid = t.app.searchService.tokens.verify(admin.search)!.uid;
    const usage = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/usage?user_id=${uid}`,
      headers: bearer(admin.access),
    });
    expect(body<PersonUsage>(usage).data.modules.find((m) => m.module === 'research')).toMatchObject({
      used: 1,
      limit: 1,
      source: 'rule',
    });
  });

  it('runs the docs workflow offline over uploaded documents, with exact citations and a mind map', async () => {
    const text = [
      '星河电池年度技术报告',
      '星河电池的固态电池能量密度达到每公斤四百瓦时。',
      '星河电池计划在2026年建成第二座固态电池工厂。',
      '星河电池的研发团队共有三百二十名工程师。',
    ].join('\n');
    const { payload, headers } = multipart({
      filename: '星河电池.txt',
      data: Buffer.from(text),
      contentType: 'text/plain',
    });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/brainstorm/file/upload',
      payload,
      headers: { ...headers, ...bearer(staff.access) },
    });
    const fileId = body<{ file_id: string }>(up).data.file_id;
    expect(fileId).toBeTruthy();

    const executionId = await startRun(t, staff, 'docs');
    const session = (await getS<SearchResult>(t, staff, 'workflow/execute/getResult', { execution_id: executionId }))
      .env.data.session_id;
    // The uploaded file joins the session as a source; its parse status is readable.
    const parse = await postS<{ parse_id: string }>(t, staff, 'search/doc/parse', {
      session_id: session,
      file_id: fileId,
    });
    expect(parse.env.code).toBe(0);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const info = await getS<{ status: string }>(t, staff, 'search/doc/parse/info', {
        parse_id: parse.env.data.parse_id,
      });
      if (info.env.data.status === 'ready') break;
      if (Date.now() > deadline) throw new Error(`parse not ready: ${JSON.stringify(info.env)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await getS(t, admin, 'search/doc/parse/info', { parse_id: parse.env.data.parse_id })).env.code).toBe(4000);

    const planned = await postS<SearchResult>(t, staff, 'workflow/execute/runStep', {
      execution_id: executionId,
      query: '星河电池固态电池能量密度',
    });
    expect(planned.env.code).toBe(0);
    const waiting = await waitRun(t, staff, executionId, (r) => r.status === 'waiting');
    expect(waiting.plan.length).toBeGreaterThan(0);
    await postS(t, staff, 'workflow/execute/runStep', { execution_id: executionId });
    const done = await waitRun(t, staff, executionId, (r) => r.status !== 'running');
    expect(done.status).toBe('done');
    expect(done.steps.every((s) => s.status === 'done')).toBe(true);

    const sources = await getS<{ list: { index: number; kind: string; title: string }[] }>(
      t,
      staff,
      'search/info/source',
      {
        execution_id: executionId,
      },
    );
    expect(sources.env.data.list.length).toBeGreaterThan(0);
    expect(sources.env.data.list.every((s) => s.kind === 'doc')).toBe(true);
    const summary = (await getS<SearchSummary>(t, staff, 'search/summary/result', { execution_id: executionId })).env
      .data;
    expect(summary.mode).toBe('extractive');
    expect(summary.summary).toContain('摘录模式');
    expect(summary.summary).toContain('四百瓦时');
    const stored = await t.app.searchService.store.sources(executionId);
    for (const m of summary.summary.matchAll(/^- (.*) \[(\d+)\]$/gm)) {
      const source = stored.find((s) => s.idx === Number(m[2]));
      expect(source?.content).toContain(m[1]);
    }
    expect(summary.citations.length).toBeGreaterThan(0);
    const mind = (
      await getS<{ root: { title: string; children: unknown[] } }>(t, staff, 'mindnotes/getByExecutionId', {
        execution_id: executionId,
      })
    ).env.data;
    expect(mind.root.title).toContain('星河电池');
    expect(mind.root.children.length).toBeGreaterThan(0);
    const history = await getS<{ list: { initiator_type: string }[] }>(t, staff, 'session/chatHistory', {
      session_id: session,
    });
    expect(history.env.data.list.map((m) => m.initiator_type)).toEqual(['USER', 'SYS']);
    // Another person sees none of it.
    for (const url of [
      'workflow/execute/getResult',
      'search/info/source',
      'search/summary/result',
      'mindnotes/getByExecutionId',
    ]) {
      expect((await getS(t, admin, url, { execution_id: executionId })).env.code).toBe(4000);
    }
    // A finished run takes no more steps.
    expect((await postS(t, staff, 'workflow/execute/runStep', { execution_id: executionId })).env.code).toBe(4001);
  });
});
