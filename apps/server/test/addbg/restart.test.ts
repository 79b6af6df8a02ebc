import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddbgWorkCreated, StoredFile } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbTarget } from '../../src/db/client';
import { api, body, buildTestApp, testDatabase, type TestApp } from '../helper';
import { tokenFor } from '../chat/helpers';
import { addbgConfig, postJson, uploadImage, waitForWork } from './helpers';
import { alphaIoU, syntheticProduct } from './synthetic';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** One database (a PGlite folder, or a PostgreSQL database) that two app processes open in turn. */
async function sharedDatabase(): Promise<DbTarget> {
  const db = await testDatabase();
  cleanups.push(db.drop);
  if (db.target.kind === 'postgres') return db.target;
  const dir = await mkdtemp(join(tmpdir(), 'addbg-restart-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return { kind: 'pglite', dataDir: dir };
}

describe('addbg works across a restart', () => {
  it(
    'finishes a cutout queued before the server stopped; the cutout is a PNG with alpha at the source size',
    { timeout: 600_000 },
    async () => {
      const database = await sharedDatabase();
      const storage = await mkdtemp(join(tmpdir(), 'addbg-files-'));
      cleanups.push(() => rm(storage, { recursive: true, force: true }));
      const config = (c: Parameters<ReturnType<typeof addbgConfig>>[0]) => ({
        ...addbgConfig()(c),
        storage: { ...c.storage, dir: storage },
      });
      const build = () => buildTestApp({ config, databaseVia: async () => database });

      const first: TestApp = await build();
      const token = await tokenFor(first, 'admin');
      // A 900×600 photo: the cutout must come back at exactly that size.
      const { png, truth } = await syntheticProduct({
        shape: 'bottle',
        material: 'matte',
        background: 'plain',
        color: '#d35400',
      });
      const photo = await sharp(png).resize(900, 600, { fit: 'fill' }).png().toBuffer();
      const file = body<StoredFile>(await uploadImage(first, token, photo)).data;
      const created = await postJson<AddbgWorkCreated>(first, token, '/api/addbg/works/cutoutImage', {
        file_id: file.file_id,
      });
      expect(created.code).toBe(0);
      await first.app.close();

      const second = await build();
      cleanups.push(() => second.close());
      const token2 = await tokenFor(second, 'admin');
      const done = await waitForWork(second, token2, created.data.work_id);
      expect(done.status).toBe('done');
      const image = done.images[0]!;
      expect([image.width, image.height]).toEqual([900, 600]);
      const res = await api(second, token2, { method: 'GET', url: image.url });
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 900, height: 600, hasAlpha: true });
      const back = await sharp(res.rawPayload).resize(1024, 1024, { fit: 'fill' }).png().toBuffer();
      expect(await alphaIoU(back, truth)).toBeGreaterThanOrEqual(0.9);

      // The product on a scene reuses that cutout: a marketplace size, opaque.
      const scene = await postJson<AddbgWorkCreated>(second, token2, '/api/addbg/product/generate', {
        file_id: file.file_id,
        background_id: 'studio-white',
        size_id: 'square-800-white',
        light_id: 'left',
        count: 2,
      });
      const composed = await waitForWork(second, token2, scene.data.work_id);
      expect(composed.status).toBe('done');
      expect(composed.images.map((i) => [i.width, i.height])).toEqual([
        [800, 800],
        [800, 800],
      ]);
    },
  );
});
