import { addbgMessages, MJ_GRID_SIZE, MJ_UPSCALE_FACTOR } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { MjMessageRow } from '../../db/schema';
import type { JobContext } from '../../services/jobs';
import type { MjConfig } from './config';
import type { ImageEngine } from './engines/image-engine';
import type { MjRenderJob, MjService } from './mj-service';

/** Formats an engine may answer; anything else fails the turn. */
const IMAGE_FORMATS = ['png', 'jpeg', 'webp'];

/** The engine's share of a turn's progress bar: 10–85 %; storing the images takes the rest. */
const ENGINE_FROM = 10;
const ENGINE_SPAN = 75;

/**
 * Draws one turn's job. A failure of the turn itself (the engine refused, answered no image, ran
 * out of time) fails it and gives its images back, once; a stop of this process (the job's signal)
 * is left to the queue, which runs the job again elsewhere or after a restart.
 */
export class MjRunner {
  constructor(
    private readonly service: MjService,
    private readonly engine: ImageEngine | null,
    private readonly config: MjConfig,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  async run(job: JobContext<MjRenderJob>): Promise<void> {
    const row = await this.service.store.messageById(job.data.messageId);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    await this.service.clearImages(row);
    const signal = AbortSignal.any([job.signal, AbortSignal.timeout(this.config.timeout_seconds * 1000)]);
    try {
      await this.progress(row, 5, job.signal);
      const images = await this.draw(row, signal);
      for (const [i, bytes] of images.entries()) {
        const { data, info } = await toPng(bytes);
        await this.service.storeImage(row, data, i + 1, info.width, info.height);
        await this.progress(
          row,
          ENGINE_FROM + ENGINE_SPAN + Math.round((15 * (i + 1)) / images.length) - 1,
          job.signal,
        );
      }
      await this.service.store.setState(row.id, 'done', 100, addbgMessages.done);
    } catch (error) {
      if (job.signal.aborted) throw error;
      this.log.warn({ err: error, messageId: row.id }, 'mj turn failed');
      await this.service.failAndRefund(row);
    }
  }

  private progress(row: MjMessageRow, percent: number, stop: AbortSignal): Promise<void> {
    stop.throwIfAborted();
    return this.service.store.setState(row.id, 'running', Math.min(99, percent), addbgMessages.running);
  }

  private async draw(row: MjMessageRow, signal: AbortSignal): Promise<Buffer[]> {
    if (row.action === 'upscale') {
      const source = await this.source(row);
      const meta = await sharp(source).metadata();
      const png = await sharp(source)
        .resize(meta.width * MJ_UPSCALE_FACTOR, meta.height * MJ_UPSCALE_FACTOR, { kernel: 'lanczos3' })
        .png()
        .toBuffer();
      return [png];
    }
    if (!this.engine) throw new Error('no image engine is connected');
    const size = this.config.size;
    const source =
      row.action === 'variation'
        ? await sharp(await this.source(row))
            .resize(size, size, { fit: 'cover' })
            .png()
            .toBuffer()
        : undefined;
    const drawn = await this.engine.draw({
      prompt: row.prompt,
      count: MJ_GRID_SIZE,
      size,
      source,
      signal,
      onProgress: (fraction) =>
        this.progress(row, ENGINE_FROM + Math.round(ENGINE_SPAN * Math.min(1, Math.max(0, fraction))), signal),
    });
    if (drawn.length < MJ_GRID_SIZE) throw new Error(`the engine drew ${drawn.length} of ${MJ_GRID_SIZE} images`);
    return drawn.slice(0, MJ_GRID_SIZE);
  }

  /** The image of the parent's reply this turn acts on. */
  private async source(row: MjMessageRow): Promise<Buffer> {
    if (!row.parentId || row.variant === null) throw new Error('a turn without the image it acts on');
    return this.service.readImage(row.ownerId, row.parentId, row.variant);
  }
}

/** The engine's answer as PNG, checked by content: anything that is not a decodable image fails. */
async function toPng(bytes: Buffer) {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta || !IMAGE_FORMATS.includes(meta.format ?? ''))
    throw new Error('the engine answered something that is not an image');
  return sharp(bytes).png().toBuffer({ resolveWithObject: true });
}
