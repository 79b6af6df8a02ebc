import { ErrorCode, SESSION_MODULES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, type TestApp } from '../helper';
import { buildSessionsApp, tokenFor } from './helpers';

const SESSION = 'a'.repeat(32);
const CALLS: [method: 'GET' | 'POST', path: string][] = [
  ['GET', 'session/list'],
  ['POST', 'session/create'],
  ['GET', 'session/info'],
  ['POST', 'session/update'],
  ['POST', 'session/delete'],
  ['GET', 'session/promptCompletions'],
  ['GET', 'message/list'],
  ['GET', 'message/completion'],
  ['POST', 'message/receive'],
  ['POST', 'message/stop'],
  ['POST', 'prompt/asyncAsk'],
  ['POST', 'prompt/askStream'],
  ['GET', 'prompt/getCompletion'],
  ['GET', 'file/list'],
  ['POST', 'file/delete'],
  ['POST', 'file/check_doc_status'],
  ['POST', 'file/reload'],
  ['POST', 'file/upload'],
  ['GET', 'file/download'],
];

describe('session tools: per-app rights on every prefix', () => {
  let t: TestApp;
  let staff = '';
  let admin = '';

  beforeAll(async () => {
    t = await buildSessionsApp({
      config: (c) => ({
        ...c,
        access_rules: [
          ...c.access_rules,
          ...SESSION_MODULES.map((app_key) => ({
            subject_type: 'user' as const,
            subject: 'staff',
            app_key,
            effect: 'deny' as const,
          })),
        ],
      }),
    });
    staff = await tokenFor(t, 'staff');
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => t?.close());

  it.each(SESSION_MODULES)('refuses every call of /api/%s to a user without the app', async (module) => {
    const calls = [...CALLS, ...(module === 'pdf' ? [['POST', 'message/get_stream_recommend_question'] as const] : [])];
    const extra =
      module === 'brainstorm'
        ? ([
            ['GET', 'idea/list'],
            ['POST', 'idea/update'],
            ['POST', 'idea/merge'],
          ] as const)
        : [];
    for (const [method, path] of [...calls, ...extra]) {
      const url = `/api/${module}/${path}`;
      const payload = method === 'POST' ? { session_id: SESSION, prompt: 'x' } : undefined;
      const query = method === 'GET' ? { session_id: SESSION } : undefined;
      const refused = await api(t, staff, { method, url, payload, query });
      expect(refused.statusCode, url).toBe(403);
      expect(body(refused).code, url).toBe(ErrorCode.forbidden);
      // The same call with the right reaches the module (and answers like an unknown session).
      if (method === 'GET' && path === 'message/list') {
        expect(body(await api(t, admin, { method, url, query })).code, url).toBe(ErrorCode.resourceGone);
      }
    }
  });
});
