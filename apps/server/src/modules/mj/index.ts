import { MJ_CONVERSATION_MODULE, MJ_CONVERSATION_TYPE } from '@portal/contract';
import fp from 'fastify-plugin';
import type { ServerModule } from '../module';
import { chooseEngine, createEngine } from './engine-choice';
import { MjRunner } from './mj-runner';
import { MJ_RENDER_JOB, MjService, type MjRenderJob } from './mj-service';
import { mjRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The image chat of the chatgpt app (module type 1). */
    mj: MjService;
  }
}

/**
 * Midjourney-style image chat inside the chatgpt app: a prompt becomes a 2×2 grid drawn by the
 * configured image engine (OpenAI-compatible image API, SD WebUI or ComfyUI), each U/V/reroll a new
 * durable job; turns and their images (stored files) survive reloads and restarts. Images are
 * charged to the image designer's usage, so the module needs the designer's services.
 */
const mj: ServerModule = {
  name: 'mj',
  plugin: fp(
    async (app) => {
      const config = app.portalConfig.mj;
      const { files, jobs } = app.services;
      const connection = chooseEngine(app.portalConfig);
      const service = new MjService({
        db: app.db,
        files: files.service,
        jobs,
        usage: app.addbg.service.usage,
        engine: connection,
        log: app.log,
      });
      const runner = new MjRunner(service, connection && createEngine(connection, config), config, app.log);
      app.decorate('mj', service);
      // Image conversations are in the chatgpt app's conversation list; deleting one there stops
      // its turns and deletes its images like the image page's own delete.
      app.chat.kinds.register({
        type: MJ_CONVERSATION_TYPE,
        module: MJ_CONVERSATION_MODULE,
        remove: (userId, convId) => service.deleteConversation(userId, convId),
      });
      jobs.register<MjRenderJob>(MJ_RENDER_JOB, (job) => runner.run(job), {
        concurrency: config.job_concurrency,
        maxAttempts: 3,
      });
      await app.register(mjRoutes(service), { prefix: '/api/chatgpt' });
    },
    { name: 'mj-module', dependencies: ['services', 'chat-module', 'addbg-module'], fastify: '5.x' },
  ),
};

export default mj;
