import type { Endpoint } from './endpoint';
import { adminEndpoints } from './endpoints/admin';
import { analyticsEndpoints } from './endpoints/analytics';
import { chatEndpointGroups } from './endpoints/chat';
import { marketingEndpoints } from './endpoints/marketing';
import { platformEndpoints } from './endpoints/platform';
import { appEndpoints, fileEndpoints, portalEndpoints, userEndpoints } from './endpoints/portal';
import { reportEndpoints } from './endpoints/report';
import { sessionEndpointGroups } from './endpoints/sessions';

/**
 * Every endpoint group of the portal, for the OpenAPI document and the coverage test. Adding a
 * module's endpoints is one line here. The web never imports this list (each page imports its own
 * endpoints), so it stays out of the browser's chunks.
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
    ...sessionEndpointGroups(),
    reportEndpoints,
    marketingEndpoints,
  ];
}

export function allEndpoints(): Endpoint[] {
  return endpointGroups().flatMap((group) => Object.values(group));
}
