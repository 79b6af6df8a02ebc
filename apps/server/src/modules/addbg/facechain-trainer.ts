import { addbgMessages } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { JobContext } from '../../services/jobs';
import type { AddbgService } from './addbg-service';
import type { AddbgConfig } from './config';
import { PortraitSetupError, type PortraitEngine } from './engines/comfy-portraits';
import { triggerOf } from './facechain-catalog';
import type { FacechainTrainJob } from './facechain-service';
import type { FacechainStore } from './facechain-store';

/** Training photos are squared on the face-rich part of the picture at SD 1.5's size. */
const TRAIN_SIZE = 512;
const SETUP_MESSAGE = '训练已完成，但引擎找不到训练好的模型：请管理员检查 ComfyUI 的 LoRA 目录配置后重新训练';

/**
 * Runs a photo set's training job: its photos (stored files) are read, squared and sent to the
 * engine with the training workflow; the set shows the engine's progress. A failure marks the set
 * failed (it can be trained again); a stop of this process is left to the queue, which runs the
 * job again after a restart (the engine's photo names stay the same, so nothing is added twice).
 */
export class FacechainTrainer {
  constructor(
    private readonly store: FacechainStore,
    private readonly addbg: AddbgService,
    private readonly engine: PortraitEngine | null,
    private readonly config: AddbgConfig,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async run(job: JobContext<FacechainTrainJob>): Promise<void> {
    const set = await this.store.byId(job.data.setId);
    // Deleted, trained again under another job, or already finished: nothing to do.
    if (!set || set.jobId !== job.id || set.status === 'done' || set.status === 'failed') return;
    const running = (percent: number) =>
      this.store.setProgress(set.id, job.id, Math.min(99, Math.max(1, percent)), addbgMessages.facechainTrainRunning);
    try {
      if (!this.engine) throw new Error('no portrait engine is configured any more');
      await running(1);
      const photos: Buffer[] = [];
      for (const photo of await this.store.photos([set.id])) {
        const source = await this.addbg.readSource(set.ownerId, photo.fileId);
        photos.push(
          await sharp(source)
            .rotate()
            .resize(TRAIN_SIZE, TRAIN_SIZE, { fit: 'cover', position: sharp.strategy.attention })
            .flatten({ background: '#ffffff' })
            .png()
            .toBuffer(),
        );
      }
      const modelRef = await this.engine.train(
        {
          setId: set.id,
          photos,
          trigger: triggerOf(set.id),
          steps: this.config.facechain.train_steps,
          timeoutMs: this.config.facechain.train_timeout_seconds * 1000,
        },
        {
          signal: job.signal,
          progress: (percent) => running(percent),
          queued: (ref) => this.store.addEngineRef(set.id, ref),
        },
      );
      await this.store.setState(set.id, {
        status: 'done',
        progress: 100,
        message: addbgMessages.facechainTrainDone,
        modelRef,
        error: null,
      });
    } catch (error) {
      if (job.signal.aborted) throw error;
      this.log.warn({ err: error, setId: set.id }, 'portrait training failed');
      await this.store.setState(set.id, {
        status: 'failed',
        progress: 0,
        message: error instanceof PortraitSetupError ? SETUP_MESSAGE : addbgMessages.facechainTrainFailed,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
