import type { z } from 'zod';
import type { DeclaredConfigSection, ModuleConfigSection } from '../modules/config-section';
import { moduleRegistry } from '../modules/registry';
import { sharedConfigSchema } from './schema';

const sections: readonly ModuleConfigSection[] = moduleRegistry.flatMap(({ config }) => (config ? [config] : []));

/** Each registered module's section, under its key, with the section's defaults when the file leaves it out. */
const moduleSectionsShape = Object.fromEntries(
  sections.map((section) => [section.key, section.schema.prefault({})]),
) as { [S in DeclaredConfigSection as S['key']]: z.ZodPrefault<S['schema']> };

/**
 * The configuration file's schema: the shared settings (schema.ts) and every registered module's
 * section. Imported by the configuration's loader only; the registry it reads loads no module code.
 */
export const portalConfigSchema = sharedConfigSchema.extend(moduleSectionsShape);
