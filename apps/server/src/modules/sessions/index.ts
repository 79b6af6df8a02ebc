import { SESSION_MODULES } from '@portal/contract';
import fp from 'fastify-plugin';
import type { ServerModule } from '../module';
import { sessionsUsageDefaults } from './config';
import { SESSION_ANSWER_JOB, type SessionAnswerJob } from './ask-service';
import { fileRoutes } from './file-routes';
import { recommendRoutes } from './recommend';
import { sessionRoutes } from './routes';
import { createSessionToolServices, type SessionToolServices } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The session tools' services (brainstorm, insight and pdf share one implementation). */
    sessions: SessionToolServices;
  }
}

/**
 * The session tools of section 7: brainstorm, insight and pdf under `/api/{module}/…` (sessions,
 * messages, prompts, files), the pdf recommended questions, and the brainstorm idea cards.
 */
const sessions: ServerModule = {
  name: 'sessions',
  usage: { modules: SESSION_MODULES, defaults: (config) => sessionsUsageDefaults(config.sessions) },
  plugin: fp(
    async (app) => {
      const { db } = app;
      const { llm, answers, jobs, documents, quotas } = app.services;
      const services = createSessionToolServices(
        { db, llm, answers, jobs, documents, quotas },
        app.portalConfig.sessions,
      );
      app.decorate('sessions', services);
      answers.registerStore(services.messages);
      jobs.register<SessionAnswerJob>(
        SESSION_ANSWER_JOB,
        (job) => services.asks.runJob(job.data, job.signal, app.log),
        // A generation is not repeated: a retry only closes an answer whose worker died.
        { concurrency: services.config.answer_concurrency, maxAttempts: 3 },
      );
      for (const module of SESSION_MODULES) {
        await app.register(sessionRoutes(module), { prefix: `/api/${module}` });
        await app.register(fileRoutes(module), { prefix: `/api/${module}` });
      }
      await app.register(recommendRoutes, { prefix: '/api/pdf' });
    },
    { name: 'sessions-module', dependencies: ['services'], fastify: '5.x' },
  ),
};

export default sessions;
