import sharp from 'sharp';
import type { AddbgWorkRow } from '../../db/schema';
import type { AddbgService } from './addbg-service';
import type { EngineCall } from './engines/ai-engine';
import { PORTRAIT_NEGATIVE, type PortraitEngine } from './engines/comfy-portraits';
import type { FacechainStore } from './facechain-store';
import type { PortraitParams } from './facechain-service';

/** A call whose progress maps into the work's percent between `from` and `to`. */
export type StepCall = (from: number, to: number) => EngineCall;

/**
 * Draws a portrait work's images with its set's personal model. A set deleted or no longer
 * trained fails the work (and the runner gives its images back).
 */
export class PortraitWorks {
  constructor(
    private readonly store: FacechainStore,
    private readonly addbg: AddbgService,
    private readonly engine: PortraitEngine,
  ) {}

  async draw(work: AddbgWorkRow, step: StepCall): Promise<void> {
    const p = work.params as unknown as PortraitParams;
    const set = work.photoSetId ? await this.store.byId(work.photoSetId) : undefined;
    if (!set || set.ownerId !== work.ownerId || set.status !== 'done' || !set.modelRef) {
      throw new Error('the photo set is gone or has no trained model');
    }
    for (let i = 0; i < p.count; i++) {
      const call = step(10 + Math.round((85 * i) / p.count), 10 + Math.round((85 * (i + 1)) / p.count));
      const drawn = await this.engine.portrait(
        { modelRef: set.modelRef, checkpoint: p.checkpoint, prompt: p.prompt, negative: PORTRAIT_NEGATIVE },
        { ...call, queued: (ref) => this.store.addEngineRef(set.id, ref) },
      );
      const png = await sharp(drawn).png().toBuffer();
      const meta = await sharp(png).metadata();
      await this.addbg.storeImage(work, png, i, meta.width, meta.height);
    }
  }
}
