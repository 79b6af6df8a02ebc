import type { FastifyPluginAsync } from 'fastify';
import adminRoutes from './api/admin';
import consoleRoutes from './api/admin/console';
import quotaRoutes from './api/admin/quotas';
import personUsageRoutes from './api/admin/person-usage';
import identityLinkRoutes from './api/admin/identity-links';
import appIconRoutes from './api/admin/app-icon';
import openApiRoute from './api/admin/openapi';
import appIconRoute from './api/app/icon';
import appRoutes from './api/app';
import accessRequestRoutes from './api/app/access-requests';
import fileRoutes from './api/file';
import imageRoutes from './api/image';
import openRoutes from './api/open';
import studioRoutes from './api/studio';
import userRoutes from './api/user';
import signInProvidersRoute from './api/user/providers';
import noticeRoutes from './api/user/notices';

/**
 * The portal's own API areas (sign-in, catalogue, administration…) and their prefixes. Modules
 * are not listed here: each registers its own prefixes from src/modules. Authentication and the
 * per-app check for module prefixes apply to whatever is registered.
 */
export const apiAreas: ReadonlyArray<readonly [prefix: string, plugin: FastifyPluginAsync]> = [
  ['/api/user', userRoutes],
  ['/api/user', signInProvidersRoute],
  ['/api/user', noticeRoutes],
  ['/api/app', appRoutes],
  ['/api/app', accessRequestRoutes],
  ['/api/app', appIconRoute],
  ['/api/studio', studioRoutes],
  ['/api/open', openRoutes],
  ['/api/admin', adminRoutes],
  ['/api/admin', consoleRoutes],
  ['/api/admin', quotaRoutes],
  ['/api/admin', personUsageRoutes],
  ['/api/admin', identityLinkRoutes],
  ['/api/admin', appIconRoutes],
  ['/api/admin', openApiRoute],
  ['/api/image', imageRoutes],
  ['/api/file', fileRoutes],
];

const routes: FastifyPluginAsync = async (app) => {
  for (const [prefix, plugin] of apiAreas) await app.register(plugin, { prefix });
};

export default routes;
