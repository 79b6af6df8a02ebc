import type { z } from 'zod';

/**
 * A module's section of the configuration file: the key it sits under and its schema, whose
 * defaults fill a missing section. Built in the module's config.ts, which imports nothing that
 * reads the configuration (the configuration's check loads it before any module's code).
 */
export interface ModuleConfigSection<K extends string = string, S extends z.ZodObject = z.ZodObject> {
  readonly key: K;
  readonly schema: S;
}

export function configSection<K extends string, S extends z.ZodObject>(key: K, schema: S): ModuleConfigSection<K, S> {
  return { key, schema };
}

/**
 * Every module's section, declared by the module in its config.ts beside the section, as modules
 * declare their services on FastifyInstance:
 *
 *     declare module '../config-section' {
 *       interface ModuleConfigSections {
 *         chat: typeof chatConfigSection;
 *       }
 *     }
 *
 * The configuration's type (`PortalConfig`) reads the modules' settings from here, so the config
 * schema imports no module; the registry (registry.ts) holds the same sections for the check.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface ModuleConfigSections {}

/** A section some module declared: what the registry accepts. */
export type DeclaredConfigSection = ModuleConfigSections[keyof ModuleConfigSections];

/** Each declared section's settings under the section's key, its defaults filled in. */
export type ModuleSettings = {
  [S in DeclaredConfigSection as S['key']]: z.infer<S['schema']>;
};
