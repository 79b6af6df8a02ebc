import type { Endpoint } from './endpoint';
import { platformEndpoints } from './endpoints/platform';
import { redEndpoints } from './endpoints/red';

/**
 * Every endpoint of the portal, for the OpenAPI document and the coverage test. Adding a module's
 * endpoints is one line here. The web never imports this list (each page imports its own endpoints),
 * so it stays out of the browser's chunks.
 */
export const ENDPOINT_GROUPS: readonly Readonly<Record<string, Endpoint>>[] = [platformEndpoints, redEndpoints];

export function allEndpoints(): Endpoint[] {
  return ENDPOINT_GROUPS.flatMap((group) => Object.values(group));
}
