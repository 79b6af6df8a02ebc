import type { FastifyPluginAsync } from 'fastify';
import adminRoutes from './api/admin';
import consoleRoutes from './api/admin/console';
import analyticsRoutes from './api/analytics';
import appRoutes from './api/app';
import accessRequestRoutes from './api/app/access-requests';
import { chatRoutes } from './api/chat';
import feedbackRoutes from './api/feedback';
import imageRoutes from './api/image';
import openRoutes from './api/open';
import studioRoutes from './api/studio';
import userRoutes from './api/user';
import signInProvidersRoute from './api/user/providers';

/**
 * Every API area and its prefix. Adding an area is one line here; authentication and the per-app
 * check for module prefixes already apply to whatever is registered.
 */
export const apiAreas: ReadonlyArray<readonly [prefix: string, plugin: FastifyPluginAsync]> = [
  ['/api/user', userRoutes],
  ['/api/user', signInProvidersRoute],
  ['/api/app', appRoutes],
  ['/api/app', accessRequestRoutes],
  ['/api/studio', studioRoutes],
  ['/api/open', openRoutes],
  ['/api/admin', adminRoutes],
  ['/api/admin', consoleRoutes],
  ['/api/analytics', analyticsRoutes],
  ['/api/chatgpt', chatRoutes('chatgpt')],
  ['/api/deepseek', chatRoutes('deepseek')],
  ['/api/metaso', chatRoutes('metaso')],
  ['/api/feedback', feedbackRoutes],
  ['/api/image', imageRoutes],
];

const routes: FastifyPluginAsync = async (app) => {
  for (const [prefix, plugin] of apiAreas) await app.register(plugin, { prefix });
};

export default routes;
