import type { z } from 'zod';

/**
 * A module's section of the configuration file: the key it sits under and its schema, whose
 * defaults fill a missing section. Built in the module's config.ts, which imports nothing that
 * reads the configuration (the schema assembles itself from these sections).
 */
export interface ModuleConfigSection<K extends string = string, S extends z.ZodObject = z.ZodObject> {
  readonly key: K;
  readonly schema: S;
}

export function configSection<K extends string, S extends z.ZodObject>(key: K, schema: S): ModuleConfigSection<K, S> {
  return { key, schema };
}
