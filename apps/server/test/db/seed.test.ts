import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFromConfig } from '../../src/services/catalogue/seed-service';
import { buildTestApp, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('seeding the catalogue from the config', () => {
  it('keeps admin edits and deletions, and adds new config entries', async () => {
    const { catalogue, rights } = t.app.services;
    await catalogue.upsert({
      app_key: 'chatgpt',
      app_name: '改过的名字',
      app_icon: '',
      app_url: '/chatgpt',
      description: '',
      type_tags: [],
      scene_tags: [],
      order: 1,
      enabled: true,
    });
    await catalogue.remove('comfyui');
    await rights.deleteRule({ subject_type: 'user', subject: 'staff', app_key: 'deepseek' });

    const config = {
      ...t.config,
      apps: [
        ...t.config.apps,
        {
          app_key: 'fresh',
          app_name: '新应用',
          app_icon: '',
          app_url: '/fresh',
          description: '',
          type_tags: [],
          scene_tags: [],
          order: 500,
          enabled: true,
        },
      ],
    };
    await seedFromConfig(t.app.db, config);

    const apps = await catalogue.listAll();
    expect(apps.find((a) => a.appKey === 'chatgpt')?.appName).toBe('改过的名字');
    expect(apps.some((a) => a.appKey === 'comfyui')).toBe(false);
    expect(apps.some((a) => a.appKey === 'fresh')).toBe(true);
    const rules = await rights.listRules();
    expect(rules.some((r) => r.subject === 'staff' && r.app_key === 'deepseek')).toBe(false);
  });

  it('keeps the generated server secret across restarts of the same database', async () => {
    const first = await t.app.services.settings.get('jwt_secret');
    expect(first).toBeTruthy();
    expect(await t.app.services.settings.getOrCreate('jwt_secret', () => 'other')).toBe(first);
  });
});
