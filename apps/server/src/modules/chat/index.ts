import { CHAT_MODULES, chatMessageApis } from '@portal/contract';
import fp from 'fastify-plugin';
import type { ServerModule } from '../module';
import { chatUsageDefaults } from './config';
import { CHAT_ANSWER_JOB, type ChatAnswerJob } from './ask-service';
import feedbackRoutes from './feedback-routes';
import { conversationRoutes, messageRoutes } from './routes';
import { createChatServices, type ChatServices } from './services';
import { followOtherReplicas } from './turns-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat module's services (chatgpt, deepseek, metaso share one implementation). */
    chat: ChatServices;
  }
}

/** Asynchronous answers generated at once per process; more wait in the queue. */
const ANSWER_JOB_CONCURRENCY = 32;

/**
 * The chat modules of the contract's `chatModels` table: conversation calls on each module's own
 * prefix, message calls on the prefix of each model's API (ERNIE on /api/ernie, GLM on
 * /api/zhipu), feedback on /api/feedback.
 */
const chat: ServerModule = {
  name: 'chat',
  usage: { modules: CHAT_MODULES, defaults: (config) => chatUsageDefaults(config.chat) },
  plugin: fp(
    async (app) => {
      const { db } = app;
      const { llm, answers, jobs, quotas } = app.services;
      const services = createChatServices(
        { db, llm, answers, jobs, quotas, onlyProcess: app.dbKind === 'pglite' },
        app.portalConfig.chat,
      );
      app.decorate('chat', services);
      if (app.dbKind === 'postgres') {
        // Other replicas' asks make the turns kept here stale: heard, they are forgotten.
        let stopFollowing: (() => Promise<void>) | undefined;
        app.addHook('onReady', async () => {
          const me = answers.leases.claimantFor(services.messages.kind).owner;
          stopFollowing = await followOtherReplicas(services.recentTurns, app.dbChanges, me);
        });
        app.addHook('onClose', async () => stopFollowing?.());
      }
      answers.registerStore(services.messages);
      jobs.register<ChatAnswerJob>(
        CHAT_ANSWER_JOB,
        (job) => services.asks.runJob({ job: job.data, signal: job.signal, log: app.log }),
        // A generation is not repeated: a retry only closes an answer whose worker died.
        { concurrency: ANSWER_JOB_CONCURRENCY, maxAttempts: 3 },
      );
      for (const module of CHAT_MODULES) {
        await app.register(conversationRoutes(module), { prefix: `/api/${module}` });
        for (const api of chatMessageApis(module)) {
          await app.register(messageRoutes(module, api), { prefix: `/api/${api}` });
        }
      }
      await app.register(feedbackRoutes, { prefix: '/api/feedback' });
    },
    { name: 'chat-module', dependencies: ['services'], fastify: '5.x' },
  ),
};

export default chat;
