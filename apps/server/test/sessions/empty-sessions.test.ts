import type { Session, SessionFile, SessionListResponse } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolSessions } from '../../src/db/schema';
import type { TestApp } from '../helper';
import { buildSessionsApp, get, pdfOf, post, tokenFor, upload } from './helpers';

/** A session with no question and no file is not listed, and is removed once it is a day old. */
describe('empty sessions', () => {
  let t: TestApp;
  let staff = '';

  const listed = async (module: string) =>
    (await get<SessionListResponse>(t, staff, `/api/${module}/session/list`)).data.session_list.map(
      (s) => s.session_id,
    );

  beforeAll(async () => {
    t = await buildSessionsApp();
    staff = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it('lists a session only once it holds a file or a question', async () => {
    const empty = (await post<Session>(t, staff, '/api/pdf/session/create', {})).data.session_id;
    const withFile = (await post<Session>(t, staff, '/api/pdf/session/create', {})).data.session_id;
    const file = await upload<SessionFile>(
      t,
      staff,
      'pdf',
      'notes.pdf',
      await pdfOf(['Quarterly meeting notes']),
      withFile,
    );
    expect(file.env.code).toBe(0);

    const ids = await listed('pdf');
    expect(ids).toContain(withFile);
    expect(ids).not.toContain(empty);
    const list = await get<SessionListResponse>(t, staff, '/api/pdf/session/list');
    expect(list.data.total).toBe(list.data.session_list.length);
    // Still reachable by its address while it is open.
    expect((await get(t, staff, '/api/pdf/session/info', { session_id: empty })).code).toBe(0);
  });

  it('removes an empty session a day old when the user starts another, and keeps one with a file', async () => {
    const old = (await post<Session>(t, staff, '/api/insight/session/create', {})).data.session_id;
    const kept = (await post<Session>(t, staff, '/api/insight/session/create', {})).data.session_id;
    await upload(t, staff, 'insight', 'voices.txt', Buffer.from('很好用'), kept);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await t.app.db.update(toolSessions).set({ createdAt: dayAgo }).where(eq(toolSessions.id, old));
    await t.app.db.update(toolSessions).set({ createdAt: dayAgo }).where(eq(toolSessions.id, kept));

    await post(t, staff, '/api/insight/session/create', {});
    expect((await get(t, staff, '/api/insight/session/info', { session_id: old })).code).not.toBe(0);
    expect((await get(t, staff, '/api/insight/session/info', { session_id: kept })).code).toBe(0);
  });
});
