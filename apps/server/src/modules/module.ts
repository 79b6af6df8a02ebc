import type { CountedModuleName } from '@portal/contract';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type { PortalConfig } from '../config/schema';
import type { UsageDefaults } from '../services/usage/usage-defaults';
import type { DeclaredConfigSection } from './config-section';

/** The asks a server module counts against the quotas. */
export interface ModuleUsageSource {
  /** The module table's entries whose asks it counts, in the order the console lists them. */
  modules: readonly CountedModuleName[];
  /** Their configured quota and window, where no quota rule of the console applies. */
  defaults(config: PortalConfig): UsageDefaults;
}

/**
 * A server module: one folder under src/modules whose index.ts builds the module's services from
 * the shared ones (`app.services`, `app.db`, `app.portalConfig`) and registers its routes under
 * its own API prefixes. The rights gate already covers every prefix of the contract's module
 * table, so a module never checks app rights itself. What else the portal needs of a module is
 * declared here, so shared code loops over the registry instead of naming modules.
 */
export interface ServerModule {
  /** The folder name; used in logs only. */
  name: string;
  /** The asks it counts, for the console's per-person usage. */
  usage?: ModuleUsageSource;
  /**
   * Origins the portal's pages call besides their own (a service of the module on an address of
   * its own), for the page's connect-src.
   */
  connectSources?(config: PortalConfig): string[];
  /** Origins the portal's pages frame (a tool served on a host of its own), for the page's frame-src. */
  frameSources?(config: PortalConfig): string[];
  /**
   * A module serving a host of its own maps that host's requests onto its paths before routing:
   * the function answers the new URL, or undefined for a request that is not its.
   */
  hostRewrite?(config: PortalConfig, publicUrl: string): ((req: IncomingMessage) => string | undefined) | undefined;
  plugin: FastifyPluginAsync;
}

/**
 * A module's line in the registry (registry.ts): its section of the configuration file, if it
 * has one, and its code, loaded when the app starts. The section sits here rather than on the
 * ServerModule because the configuration is checked before any module's code loads.
 */
export interface RegisteredModule {
  /** Declared by the module in ModuleConfigSections (config-section.ts), which types it. */
  readonly config?: DeclaredConfigSection;
  load(): Promise<ServerModule>;
}

export function registered(
  load: () => Promise<{ default: ServerModule }>,
  config?: DeclaredConfigSection,
): RegisteredModule {
  return { config, load: async () => (await load()).default };
}
