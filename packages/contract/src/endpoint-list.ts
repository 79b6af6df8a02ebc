import type { Endpoint } from './endpoint';
import { adminEndpoints } from './endpoints/admin';
import { analyticsEndpoints } from './endpoints/analytics';
import { chatEndpointGroups } from './endpoints/chat';
import { mjEndpoints } from './endpoints/mj';
import { marketingEndpoints } from './endpoints/marketing';
import { embeddedEndpoints, embeddedProxyEndpoints } from './embedded';
import { addbgEndpoints } from './addbg';
import { platformEndpoints } from './endpoints/platform';
import { appEndpoints, fileEndpoints, portalEndpoints, userEndpoints } from './endpoints/portal';
import { reportEndpoints } from './endpoints/report';
import { sessionEndpointGroups } from './endpoints/sessions';
import { searchEndpoints } from './search';
import { redEndpoints } from './endpoints/red';

/**
 * Every endpoint group of the portal, for the OpenAPI document and the coverage test. Adding a
 * module's endpoints is one line here. Neither this list nor the endpoint files are re-exported by the
 * package's barrel: a page imports its own area (`@portal/contract/endpoints/report`), so the first
 * screen's chunk never holds another area's descriptors (or zod, which their schemas need).
 */
export function endpointGroups(): Readonly<Record<string, Endpoint>>[] {
  return [
    userEndpoints,
    appEndpoints,
    fileEndpoints,
    portalEndpoints,
    platformEndpoints,
    adminEndpoints,
    analyticsEndpoints,
    ...chatEndpointGroups(),
    mjEndpoints,
    ...sessionEndpointGroups(),
    reportEndpoints,
    marketingEndpoints,
    embeddedEndpoints,
    embeddedProxyEndpoints,
    searchEndpoints,
    addbgEndpoints,
    redEndpoints,
  ];
}

export function allEndpoints(): Endpoint[] {
  return endpointGroups().flatMap((group) => Object.values(group));
}
