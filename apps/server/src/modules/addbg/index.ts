import fp from 'fastify-plugin';
import type { ServerModule } from '../module';
import { AddbgService, ADDBG_WORK_JOB, type AddbgWorkJob } from './addbg-service';
import { CutoutPool } from './cutout-pool';
import { createAiEngine } from './engines';
import { createPortraitEngine } from './facechain-catalog';
import { facechainRoutes } from './facechain-routes';
import { FACECHAIN_TRAIN_JOB, FacechainService, type FacechainTrainJob } from './facechain-service';
import { FacechainTrainer } from './facechain-trainer';
import { fileRoutes } from './file-routes';
import { listRoutes } from './list-routes';
import { ImageProxy } from '../../services/image-proxy';
import { PortraitWorks } from './portrait-works';
import { projectRoutes } from './project-routes';
import { VisionDescriber } from './vision-describe';
import { workRoutes } from './work-routes';
import { WorkRunner } from './work-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The image designer's services (图片设计). */
    addbg: { service: AddbgService; pool: CutoutPool };
  }
}

/**
 * 图片设计: cutout, product scenes and logos on the built-in CPU engine; scenes from a prompt, style
 * transfer and AI logos on the configured AI engine; portraits trained and drawn on ComfyUI; every
 * work a durable job.
 */
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
      // An image API's result URL on another host is fetched only through the address guard
      // (public addresses, pinned, raster images only), limited to the hosts the config names.
      const imageProxyConfig = app.portalConfig.image_proxy;
      const resultFetcher = new ImageProxy({
        ...imageProxyConfig,
        max_bytes: 64_000_000,
        timeout_ms: 60_000,
        allowed_hosts: config.openai?.result_hosts ?? [],
      });
      const ai = createAiEngine(config, async (url) => (await resultFetcher.fetch(url)).body);
      const portraitEngine = createPortraitEngine(config);
      const facechain = new FacechainService({
        addbg: service,
        files: files.service,
        jobs,
        config,
        engine: portraitEngine,
        log: app.log,
      });
      const portraits = portraitEngine ? new PortraitWorks(facechain.store, service, portraitEngine) : null;
      const runner = new WorkRunner(service, pool, ai, app.log, portraits);
      const trainer = new FacechainTrainer(facechain.store, service, portraitEngine, config, app.log);
      const visionEndpoint = config.vision && app.portalConfig.providers.endpoints[config.vision.provider];
      if (config.vision && !visionEndpoint) {
        throw new Error(`addbg.vision.provider "${config.vision.provider}" is not defined under providers.endpoints`);
      }
      const vision = config.vision && visionEndpoint ? new VisionDescriber(visionEndpoint, config.vision.model) : null;
      app.decorate('addbg', { service, pool });
      jobs.register<AddbgWorkJob>(ADDBG_WORK_JOB, (job) => runner.run(job), {
        concurrency: config.job_concurrency,
        maxAttempts: 3,
      });
      // Training holds the GPU for minutes to hours: one at a time per process.
      jobs.register<FacechainTrainJob>(FACECHAIN_TRAIN_JOB, (job) => trainer.run(job), {
        concurrency: 1,
        maxAttempts: 2,
      });
      app.addHook('onClose', async () => pool.close());
      await app.register(listRoutes(config), { prefix: '/api/addbg' });
      await app.register(workRoutes(service, config, vision), { prefix: '/api/addbg' });
      await app.register(projectRoutes(service), { prefix: '/api/addbg' });
      await app.register(facechainRoutes(config, facechain), { prefix: '/api/addbg' });
      await app.register(fileRoutes(config), { prefix: '/api/addbg' });
    },
    { name: 'addbg-module', dependencies: ['services'], fastify: '5.x' },
  ),
};

export default addbg;
