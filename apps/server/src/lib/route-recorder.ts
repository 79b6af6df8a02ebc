import type { FastifyInstance } from 'fastify';

/** A route as Fastify registered it: method and full URL (prefixes included). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in order: the OpenAPI coverage test reads it. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Records each route as it is registered; install before any route plugin. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: String(method).toUpperCase(), url: route.url });
  });
}
