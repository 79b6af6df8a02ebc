import type { FastifyPluginAsync } from 'fastify';
import adminRoutes from './api/admin';
import analyticsRoutes from './api/analytics';
import appRoutes from './api/app';
import { chatRoutes } from './api/chat';
import feedbackRoutes from './api/feedback';
import fileRoutes from './api/file';
import imageRoutes from './api/image';
import openRoutes from './api/open';
import studioRoutes from './api/studio';
import userRoutes from './api/user';

/**
 * Every API area and its prefix. Adding an area is one line here; authentication and the per-app
 * check for module prefixes already apply to whatever is registered.
 */
export const apiAreas: ReadonlyArray<readonly [prefix: string, plugin: FastifyPluginAsync]> = [
  ['/api/user', userRoutes],
  ['/api/app', appRoutes],
  ['/api/studio', studioRoutes],
  ['/api/open', openRoutes],
  ['/api/admin', adminRoutes],
  ['/api/analytics', analyticsRoutes],
  ['/api/chatgpt', chatRoutes('chatgpt')],
  ['/api/deepseek', chatRoutes('deepseek')],
  ['/api/metaso', chatRoutes('metaso')],
  ['/api/feedback', feedbackRoutes],
  ['/api/image', imageRoutes],
  ['/api/file', fileRoutes],
];

const routes: FastifyPluginAsync = async (app) => {
  for (const [prefix, plugin] of apiAreas) await app.register(plugin, { prefix });
};

export default routes;
