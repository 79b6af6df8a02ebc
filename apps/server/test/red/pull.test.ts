import { createServer, type Server } from 'node:http';
import type { RedImportStatus } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedConfig } from '../../src/modules/red/config';
import { tokenFor } from '../chat/helpers';
import { buildTestApp, type TestApp } from '../helper';
import { getJson } from './helpers';

let t: TestApp;
let admin: string;
let source: Server;
let port = 0;
let seenAuth = '';

beforeAll(async () => {
  source = createServer((req, res) => {
    seenAuth = req.headers.authorization ?? '';
    if (req.url === '/notes.json') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          notes: [
            {
              note_id: 'pull-1',
              title: '拉取的笔记',
              content: '很好用',
              published_at: new Date().toISOString(),
              likes: 2,
            },
            { note_id: 'pull-2', title: '坏的', published_at: 'never' },
          ],
        }),
      );
    } else {
      res.statusCode = 302;
      res.setHeader('location', 'http://10.0.0.1/');
      res.end();
    }
  });
  await new Promise<void>((r) => source.listen(0, '127.0.0.1', () => r()));
  port = (source.address() as { port: number }).port;
  t = await buildTestApp({
    config: (c) => ({
      ...c,
      red: {
        ...c.red,
        sample_data: false,
        pull_allow_loopback_for_tests: true,
        pull_sources: <RedConfig['pull_sources']>[
          {
            source: 'vendor',
            url: `http://127.0.0.1:${port}/notes.json`,
            every_minutes: 60,
            headers: { authorization: 'Bearer vendor-token' },
          },
          { source: 'moved', url: `http://127.0.0.1:${port}/moved`, every_minutes: 60, headers: {} },
        ],
      },
    }),
  });
  admin = await tokenFor(t, 'admin');
});
afterAll(async () => {
  await t?.close();
  source?.close();
});

describe('red scheduled pull', () => {
  it('pulls a configured source with its headers, keeps good notes, records row errors, doubles nothing', async () => {
    const id = (await t.app.red.pull.pull('vendor'))!;
    const status = await getJson<RedImportStatus>(t, admin, '/api/red/admin/import/status', { job_id: id });
    expect(status.data).toMatchObject({ status: 'done', imported: 1, failed: 1, errors: [{ row: 2 }] });
    expect(seenAuth).toBe('Bearer vendor-token');
    const again = await t.app.red.pull.pull('vendor');
    expect(
      (await getJson<RedImportStatus>(t, admin, '/api/red/admin/import/status', { job_id: again! })).data,
    ).toMatchObject({
      imported: 0,
      duplicates: 1,
    });
  });

  it('refuses redirects (they could lead inside) and unknown sources', async () => {
    const id = (await t.app.red.pull.pull('moved'))!;
    const status = await getJson<RedImportStatus>(t, admin, '/api/red/admin/import/status', { job_id: id });
    expect(status.data.status).toBe('failed');
    expect(status.data.message).toContain('302');
    expect(await t.app.red.pull.pull('nobody')).toBeNull();
  });
});
