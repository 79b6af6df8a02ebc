import type { ServerModule } from './module';
import { moduleRegistry } from './registry';

/**
 * Every server module's code, in the registry's order, loaded by whatever imports this file: the
 * app, and the console routes that read what the modules count. A module is added in registry.ts.
 */
export const serverModules: readonly ServerModule[] = await Promise.all(moduleRegistry.map((entry) => entry.load()));
