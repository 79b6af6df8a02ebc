import { CHAT_MODULES } from '@portal/contract';
import fp from 'fastify-plugin';
import type { ServerModule } from '../module';
import feedbackRoutes from './feedback-routes';
import { chatRoutes } from './routes';
import { createChatServices, type ChatServices } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat module's services (chatgpt, deepseek, metaso share one implementation). */
    chat: ChatServices;
  }
}

/**
 * The chat modules of the contract's `chatModels` table: conversation calls on each module's own
 * prefix, message calls on the prefix of each model's API, feedback on /api/feedback.
 */
const chat: ServerModule = {
  name: 'chat',
  plugin: fp(
    async (app) => {
      const services = createChatServices(app.db, app.services.llm, app.portalConfig.chat);
      app.decorate('chat', services);
      // Answers a crashed replica left "generating" are closed as incomplete.
      await services.messages.markStale(app.portalConfig.chat.stale_generating_seconds);
      for (const module of CHAT_MODULES) await app.register(chatRoutes(module), { prefix: `/api/${module}` });
      await app.register(feedbackRoutes, { prefix: '/api/feedback' });
    },
    { name: 'chat-module', dependencies: ['services'], fastify: '5.x' },
  ),
};

export default chat;
