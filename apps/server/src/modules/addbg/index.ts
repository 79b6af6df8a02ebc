import fp from 'fastify-plugin';
import type { ServerModule } from '../module';
import { AddbgService, ADDBG_WORK_JOB, type AddbgWorkJob } from './addbg-service';
import { CutoutPool } from './cutout-pool';
import { facechainRoutes } from './facechain-routes';
import { fileRoutes } from './file-routes';
import { listRoutes } from './list-routes';
import { projectRoutes } from './project-routes';
import { workRoutes } from './work-routes';
import { WorkRunner } from './work-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The image designer's services (图片设计). */
    addbg: { service: AddbgService; pool: CutoutPool };
  }
}

/** 图片设计: cutout, product scenes and logos on the built-in CPU engine, every work a durable job. */
const addbg: ServerModule = {
  name: 'addbg',
  plugin: fp(
    async (app) => {
      const config = app.portalConfig.addbg;
      const { files, jobs } = app.services;
      const service = new AddbgService({ db: app.db, files: files.service, jobs, config, log: app.log });
      const pool = new CutoutPool({
        modelPath: config.cutout.model_path,
        size: config.cutout.input_size,
        threads: config.cutout.threads,
        idleMs: config.cutout.idle_unload_seconds * 1000,
      });
      const runner = new WorkRunner(service, pool, config, app.log);
      app.decorate('addbg', { service, pool });
      jobs.register<AddbgWorkJob>(ADDBG_WORK_JOB, (job) => runner.run(job), {
        concurrency: config.job_concurrency,
        maxAttempts: 3,
      });
      app.addHook('onClose', async () => pool.close());
      await app.register(listRoutes(config), { prefix: '/api/addbg' });
      await app.register(workRoutes(service, config), { prefix: '/api/addbg' });
      await app.register(projectRoutes(service), { prefix: '/api/addbg' });
      await app.register(facechainRoutes(config), { prefix: '/api/addbg' });
      await app.register(fileRoutes(config), { prefix: '/api/addbg' });
    },
    { name: 'addbg-module', dependencies: ['services'], fastify: '5.x' },
  ),
};

export default addbg;
