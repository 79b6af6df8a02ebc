import { signInProvidersResponseSchema } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/envelope';

/** `GET /api/user/providers` (public): which workplace sign-ins the login page may offer. */
const signInProvidersRoute: FastifyPluginAsync = async (app) => {
  const body = signInProvidersResponseSchema.parse({
    oidc: app.services.oidcSignIn,
    list: app.services.workplace.list().map((a) => ({ name: a.name, label: a.label, qr: a.qr })),
  });
  app.get('/providers', async () => ok(body));
};

export default signInProvidersRoute;
