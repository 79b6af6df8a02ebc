import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Factory = (...args: unknown[]) => unknown;

/** Resolves as fastify itself does: these are its dependencies, not the server's. */
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

/** The factory of `name` (a selector that builds the factory), loaded when first called. */
function loadedOnFirstUse(name: string): Factory {
  let factory: Factory | undefined;
  return (...args) => {
    factory ??= (fromFastify(name) as () => Factory)();
    return factory(...args);
  };
}

/**
 * fastify's JSON-schema compilers (ajv and fast-json-stringify, some 800 KB of code) are loaded
 * and run when a server is created, though requests are validated with zod and no route declares a
 * JSON schema. Given these, fastify loads neither; they load from node_modules the first time a
 * route with a schema needs one. The build leaves them out of the bundle (build.mjs).
 */
export const schemaCompilersOnFirstUse = {
  buildValidator: loadedOnFirstUse('@fastify/ajv-compiler'),
  buildSerializer: loadedOnFirstUse('@fastify/fast-json-stringify-compiler'),
} as CompilersFactory;
