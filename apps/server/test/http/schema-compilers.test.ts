import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper';

/** fastify's JSON-schema compilers load on first use: a route that declares a schema still gets them. */
const withSchema: FastifyPluginAsync = async (app) => {
  app.post(
    '/app-schema-echo',
    {
      schema: {
        body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
        response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
      },
    },
    async (request) => ({ ...(request.body as object), extra: 'not in the response schema' }),
  );
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ extraRoutes: [withSchema] });
});
afterAll(async () => {
  await t?.close();
});

describe('JSON-schema compilers loaded on first use', () => {
  it('validates a body against the route schema', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/app-schema-echo', payload: { other: 1 } });
    expect(res.statusCode).toBe(400);
  });

  it('serialises a reply with the response schema', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/app-schema-echo', payload: { name: '张三' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: '张三' });
  });
});
