import { signInProvidersResponseSchema } from '@portal/contract';
import { userEndpoints } from '@portal/contract/endpoints/portal';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../../lib/serve-endpoint';

/** `GET /api/user/providers` (public): which workplace sign-ins the login page may offer. */
const signInProvidersRoute: FastifyPluginAsync = async (app) => {
  const body = signInProvidersResponseSchema.parse({
    oidc: app.services.oidcSignIn,
    list: app.services.workplace.list().map((a) => ({ name: a.name, label: a.label, qr: a.qr })),
  });
  serve(app, userEndpoints.providers, async () => body);
};

export default signInProvidersRoute;
