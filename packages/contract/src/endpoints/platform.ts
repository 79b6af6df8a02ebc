import { z } from 'zod';
import { endpoint } from '../endpoint';

/** The portal's own documents about its API. */
export const platformEndpoints = {
  openapi: endpoint({
    method: 'GET',
    path: '/api/admin/openapi.json',
    summary: 'The OpenAPI 3.1 document of every endpoint (this document)',
    tag: 'admin',
    access: 'admin',
    reply: 'json',
    data: z.record(z.string(), z.unknown()),
  }),
};
