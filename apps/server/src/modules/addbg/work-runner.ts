import { addbgMessages } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { AddbgWorkRow } from '../../db/schema';
import type { JobContext } from '../../services/jobs';
import type { AddbgService, AddbgWorkJob } from './addbg-service';
import { findBackground } from './backgrounds';
import { LIGHTS, LOGO_STYLES, SIZES } from './catalog';
import { compositeProduct, productLayer, type CompositeOptions } from './composite';
import { cutout, cutoutWithMask } from './cutout';
import type { CutoutPool } from './cutout-pool';
import type { AiImageEngine, EngineCall } from './engines/ai-engine';
import { forwardProgress } from './engines/call-progress';
import { logoPng, LOGO_SIZE } from './logo';
import type { PortraitWorks } from './portrait-works';
import type { LogoParams, ProductParams, StyleParams } from './work-requests';

/**
 * Runs one work's job on the built-in engine and, for scenes from a prompt, style transfer and AI
 * logos, on the configured AI engine; portraits on the portrait engine with a set's personal
 * model. A failure of the work itself (a broken image, an engine's error or an answer that is not
 * an image) marks it failed and gives its images back, once; a stop of this process (the signal) is left
 * to the queue, which runs the job again elsewhere or after a restart.
 */
export class WorkRunner {
  constructor(
    private readonly service: AddbgService,
    private readonly pool: CutoutPool,
    /** The configured AI engine, or null: its works then fail (and give their usage back). */
    private readonly ai: AiImageEngine | null,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    /** Portraits with a photo set's personal model, or null without a portrait engine. */
    private readonly portraits: PortraitWorks | null = null,
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
      else if (work.kind === 'style') await this.runStyle(work);
      else if (work.kind === 'portrait') await this.runPortrait(work);
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

  /** A call whose progress maps into the work's percent between `from` and `to`. */
  private stepCall(work: AddbgWorkRow, from: number, to: number): EngineCall {
    const report = forwardProgress((percent) => this.progress(work, percent));
    return {
      signal: this.signals.get(work.id),
      progress: (percent) => report(from + Math.round(((to - from) * percent) / 100)),
    };
  }

  /** The AI engine and a call whose progress maps into the work's percent between `from` and `to`. */
  private engineCall(work: AddbgWorkRow, from: number, to: number): { engine: AiImageEngine; call: EngineCall } {
    if (!this.ai) throw new Error('no AI engine is configured any more');
    return { engine: this.ai, call: this.stepCall(work, from, to) };
  }

  private async runPortrait(work: AddbgWorkRow): Promise<void> {
    if (!this.portraits) throw new Error('no portrait engine is configured any more');
    await this.portraits.draw(work, (from, to) => this.stepCall(work, from, to));
  }

  /**
   * The cut-out product of the work's source: with the brush-corrected mask when the work has
   * one, else an earlier cutout of the same file, else a new one.
   */
  private async cutoutOf(work: AddbgWorkRow): Promise<Buffer> {
    const fileId = work.sourceFileId;
    if (!fileId) throw new Error('work without a source image');
    const maskFileId = (work.params as { mask_file_id?: string | null }).mask_file_id;
    if (maskFileId) {
      const [source, mask] = await Promise.all([
        this.service.readSource(work.ownerId, fileId),
        this.service.readSource(work.ownerId, maskFileId),
      ]);
      return (await cutoutWithMask(source, mask)).png;
    }
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
    const fixed: CompositeOptions['background'] = scene
      ? { scene }
      : { color: p.color ?? size.background ?? '#ffffff' };
    const light = LIGHTS.find((l) => l.id === p.light_id) ?? LIGHTS[0]!;
    for (let i = 0; i < p.count; i++) {
      const step = (k: number) => 60 + Math.round((35 * (i + k)) / p.count);
      // Variants differ in scale and placement, so several options are worth comparing.
      const shift = i === 0 ? 0 : (i % 2 === 1 ? -1 : 1) * 0.06 * Math.ceil(i / 2);
      const layout = {
        width,
        height,
        scale: Math.max(0.1, p.scale * (1 - 0.07 * i)),
        x: Math.min(1, Math.max(0, p.x + shift)),
        y: p.y,
        shadow: p.shadow,
        lightAngle: light.angle,
      };
      let background: CompositeOptions['background'] = fixed;
      if (p.prompt) {
        // The engine paints (or draws) the scene around this variant's placement; the product's
        // own pixels are put back on top, so the engine can never alter the product.
        const { engine, call } = this.engineCall(work, step(0), step(0.8));
        const { placed, mask } = await productLayer(product, layout);
        background = { image: await engine.productScene({ prompt: p.prompt, width, height, placed, mask }, call) };
      }
      const { png } = await compositeProduct(product, { ...layout, background });
      await this.service.storeImage(work, png, i, width, height);
      await this.progress(work, step(1));
    }
  }

  private async runStyle(work: AddbgWorkRow): Promise<void> {
    const p = work.params as unknown as StyleParams;
    if (!work.sourceFileId) throw new Error('work without a source image');
    const source = await sharp(await this.service.readSource(work.ownerId, work.sourceFileId))
      .rotate()
      .png()
      .toBuffer();
    const meta = await sharp(source).metadata();
    const { engine, call } = this.engineCall(work, 10, 90);
    const drawn = await engine.style({ source, prompt: p.prompt, width: meta.width, height: meta.height }, call);
    // Back to the source's size and to PNG whatever the engine answered.
    const png = await sharp(drawn).resize(meta.width, meta.height, { fit: 'fill' }).png().toBuffer();
    await this.service.storeImage(work, png, 0, meta.width, meta.height);
  }

  private async runLogo(work: AddbgWorkRow): Promise<void> {
    const p = work.params as unknown as LogoParams;
    for (let i = 0; i < p.count; i++) {
      if (p.ai) {
        const { engine, call } = this.engineCall(
          work,
          10 + Math.round((85 * i) / p.count),
          10 + Math.round((85 * (i + 1)) / p.count),
        );
        const style = LOGO_STYLES.find((s) => s.id === p.style_id)?.name ?? '';
        const prompt = `logo for the brand "${p.text}"${p.slogan ? ` with the slogan "${p.slogan}"` : ''}, ${style}, main colour ${p.color}`;
        const drawn = await engine.logo({ prompt, size: LOGO_SIZE }, call);
        const png = await sharp(drawn).resize(LOGO_SIZE, LOGO_SIZE, { fit: 'cover' }).png().toBuffer();
        await this.service.storeImage(work, png, i, LOGO_SIZE, LOGO_SIZE);
        continue;
      }
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
