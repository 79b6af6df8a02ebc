import { addbgMessages } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { AddbgWorkRow } from '../../db/schema';
import type { JobContext } from '../../services/jobs';
import type { AddbgService, AddbgWorkJob } from './addbg-service';
import { findBackground } from './backgrounds';
import { LIGHTS, SIZES } from './catalog';
import { compositeProduct, type CompositeOptions } from './composite';
import type { AddbgConfig } from './config';
import { sdwebuiScene } from './sdwebui-engine';
import { cutout } from './cutout';
import type { CutoutPool } from './cutout-pool';
import { logoPng, LOGO_SIZE } from './logo';
import type { LogoParams, ProductParams } from './work-requests';

/**
 * Runs one work's job on the built-in engine. A failure of the work itself (a broken image)
 * marks it failed and gives its images back, once; a stop of this process (the signal) is left
 * to the queue, which runs the job again elsewhere or after a restart.
 */
export class WorkRunner {
  constructor(
    private readonly service: AddbgService,
    private readonly pool: CutoutPool,
    private readonly config: AddbgConfig,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  async run(job: JobContext<AddbgWorkJob>): Promise<void> {
    const work = await this.service.works.byId(job.data.workId);
    if (!work || work.status === 'done' || work.status === 'failed') return;
    await this.service.clearImages(work);
    this.signals.set(work.id, job.signal);
    try {
      await this.progress(work, 5);
      if (work.kind === 'cutout') await this.runCutout(work);
      else if (work.kind === 'product') await this.runProduct(work);
      else if (work.kind === 'logo') await this.runLogo(work);
      else throw new Error(`unknown work kind ${work.kind}`);
      await this.service.works.setState(work.id, 'done', 100, addbgMessages.done);
    } catch (error) {
      if (job.signal.aborted) throw error;
      this.log.warn({ err: error, workId: work.id }, 'addbg work failed');
      const failed = await this.service.works.fail(
        work.id,
        work.kind === 'cutout' ? addbgMessages.cutoutFailed : addbgMessages.failed,
      );
      if (failed) await this.service.usage.refund(work.ownerId, failed.charged);
    } finally {
      this.signals.delete(work.id);
    }
  }

  /** Each running job's signal: a stopping process ends the work between steps, for a rerun. */
  private readonly signals = new Map<string, AbortSignal>();

  private progress(work: AddbgWorkRow, percent: number): Promise<void> {
    this.signals.get(work.id)?.throwIfAborted();
    return this.service.works.setState(work.id, 'running', percent, addbgMessages.running);
  }

  /** The cut-out product of the work's source (an earlier cutout of the same file is reused). */
  private async cutoutOf(work: AddbgWorkRow): Promise<Buffer> {
    const fileId = work.sourceFileId;
    if (!fileId) throw new Error('work without a source image');
    if (work.kind !== 'cutout') {
      const earlier = await this.service.works.latestCutout(work.ownerId, fileId);
      if (earlier) {
        const { body } = await this.service.openImage(work.ownerId, earlier.id);
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      }
    }
    const source = await this.service.readSource(work.ownerId, fileId);
    await this.progress(work, 15);
    return (await cutout(this.pool, source)).png;
  }

  private async runCutout(work: AddbgWorkRow): Promise<void> {
    const png = await this.cutoutOf(work);
    const meta = await sharp(png).metadata();
    await this.service.storeImage(work, png, 0, meta.width, meta.height);
  }

  private async runProduct(work: AddbgWorkRow): Promise<void> {
    const p = work.params as unknown as ProductParams;
    const product = await this.cutoutOf(work);
    await this.progress(work, 60);
    const size = SIZES.find((s) => s.id === p.size_id) ?? SIZES[0]!;
    let { width, height } = size;
    if (size.id === 'source') {
      const meta = await sharp(product).metadata();
      width = meta.width;
      height = meta.height;
    }
    const scene = p.background_id ? findBackground(p.background_id) : undefined;
    let background: CompositeOptions['background'] = scene
      ? { scene }
      : { color: p.color ?? size.background ?? '#ffffff' };
    if (p.prompt) {
      if (!this.config.sdwebui) throw new Error('sdwebui is no longer configured');
      background = {
        image: await sdwebuiScene(this.config.sdwebui, p.prompt, width, height, this.signals.get(work.id)),
      };
      await this.progress(work, 70);
    }
    const light = LIGHTS.find((l) => l.id === p.light_id) ?? LIGHTS[0]!;
    for (let i = 0; i < p.count; i++) {
      // Variants differ in scale and placement, so several options are worth comparing.
      const shift = i === 0 ? 0 : (i % 2 === 1 ? -1 : 1) * 0.06 * Math.ceil(i / 2);
      const { png } = await compositeProduct(product, {
        width,
        height,
        background,
        scale: Math.max(0.1, p.scale * (1 - 0.07 * i)),
        x: Math.min(1, Math.max(0, p.x + shift)),
        y: p.y,
        shadow: p.shadow,
        lightAngle: light.angle,
      });
      await this.service.storeImage(work, png, i, width, height);
      await this.progress(work, 60 + Math.round((35 * (i + 1)) / p.count));
    }
  }

  private async runLogo(work: AddbgWorkRow): Promise<void> {
    const p = work.params as unknown as LogoParams;
    for (let i = 0; i < p.count; i++) {
      const png = await logoPng({
        text: p.text,
        slogan: p.slogan ?? undefined,
        styleId: p.style_id,
        color: p.color,
        variant: i,
      });
      await this.service.storeImage(work, png, i, LOGO_SIZE, LOGO_SIZE);
      await this.progress(work, 10 + Math.round((85 * (i + 1)) / p.count));
    }
  }
}
