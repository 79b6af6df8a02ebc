import {
  ErrorCode,
  FACECHAIN_MIN_PHOTOS,
  FACECHAIN_PHOTO_TYPES,
  addbgMessages,
  type FacechainAddPhotosBody,
  type FacechainGenerateBody,
  type FacechainPhotoSet,
  type FacechainPhotoSetDetail,
  type FacechainSetStatus,
  type FacechainTrainProcess,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AddbgPhotoRow, AddbgPhotoSetRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { FileService } from '../../services/files';
import type { JobQueue } from '../../services/jobs';
import type { AddbgService } from './addbg-service';
import type { AddbgConfig } from './config';
import type { PortraitEngine } from './engines/comfy-portraits';
import { portraitEngineId, portraitModels, portraitStyles, portraitUnavailable, triggerOf } from './facechain-catalog';
import { FacechainStore } from './facechain-store';
import { sourceUrl } from './serialize';

export const FACECHAIN_TRAIN_JOB = 'addbg.facechain.train';
export interface FacechainTrainJob {
  setId: string;
}

/** What a portrait work stores as its params. */
export interface PortraitParams {
  photos_id: string;
  style_id: string;
  model_id: string;
  checkpoint: string;
  prompt: string;
  count: number;
}

const invalid = (message: string) => new AppError(ErrorCode.validation, message);
const isTypeAllowed = (mime: string) => (FACECHAIN_PHOTO_TYPES as readonly string[]).includes(mime);

export interface FacechainServiceDeps {
  addbg: AddbgService;
  files: FileService;
  jobs: JobQueue;
  config: AddbgConfig;
  engine: PortraitEngine | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Portraits: face photo sets (personal data: owner only, stored with the time of consent), the
 * personal model trained from each on the GPU engine (a durable job), and portraits drawn with it
 * (works of kind `portrait`, charged and refunded like any other work). Deleting a set deletes
 * its photos, its portraits and their files, and asks the engine to forget what it can.
 */
export class FacechainService {
  readonly store: FacechainStore;

  constructor(private readonly deps: FacechainServiceDeps) {
    this.store = new FacechainStore(deps.addbg.db);
  }

  private requireEngine(): void {
    const reason = portraitUnavailable(this.deps.config);
    if (reason) throw invalid(reason);
  }

  async add(ownerId: number, body: FacechainAddPhotosBody): Promise<FacechainPhotoSet> {
    // Checked before anything is looked at: no face photo is taken in without an explicit yes.
    if (body.consent !== true) throw invalid(addbgMessages.facechainConsent);
    this.requireEngine();
    if (new Set(body.file_ids).size !== body.file_ids.length) throw invalid(addbgMessages.facechainDuplicatePhoto);
    for (const fileId of body.file_ids) {
      const row = await this.deps.files.find(ownerId, fileId, 'addbg');
      if (!isTypeAllowed(row.mime)) throw invalid(addbgMessages.facechainPhotoType);
    }
    const set = await this.store.create(ownerId, body.name, body.file_ids);
    return (await this.views([set]))[0]!;
  }

  async list(ownerId: number): Promise<FacechainPhotoSet[]> {
    return this.views(await Promise.all((await this.store.list(ownerId)).map((s) => this.settled(s))));
  }

  async detail(ownerId: number, id: string): Promise<FacechainPhotoSetDetail> {
    const set = await this.settled(await this.store.find(ownerId, id));
    const photos = await this.store.photos([set.id]);
    return { ...(await this.views([set], photos))[0]!, photos: photos.map(toPhoto) };
  }

  async rename(ownerId: number, id: string, name: string): Promise<FacechainPhotoSet> {
    const set = await this.store.find(ownerId, id);
    await this.store.rename(set.id, name);
    return (await this.views([{ ...set, name }]))[0]!;
  }

  /** Queues the training (durable job); a set already training answers its progress. */
  async train(ownerId: number, id: string): Promise<FacechainTrainProcess> {
    const set = await this.settled(await this.store.find(ownerId, id));
    if (set.status === 'queued' || set.status === 'running' || set.status === 'done') return toProcess(set);
    this.requireEngine();
    const count = (await this.store.photoCounts([set.id])).get(set.id) ?? 0;
    if (count < FACECHAIN_MIN_PHOTOS) throw invalid(addbgMessages.facechainTooFew(FACECHAIN_MIN_PHOTOS));
    const queued = {
      status: 'queued' as const,
      progress: 0,
      message: addbgMessages.facechainTrainQueued,
      engine: portraitEngineId(this.deps.config),
      error: null,
    };
    // The job and the set's state in one transaction: the job always finds its set queued.
    await this.deps.addbg.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const jobId = await this.deps.jobs.send(
        FACECHAIN_TRAIN_JOB,
        { setId: set.id } satisfies FacechainTrainJob,
        {},
        db,
      );
      await this.store.setState(set.id, { ...queued, jobId }, db);
    });
    return toProcess({ ...set, ...queued });
  }

  async process(ownerId: number, id: string): Promise<FacechainTrainProcess> {
    return toProcess(await this.settled(await this.store.find(ownerId, id)));
  }

  /** Portraits in a style with the set's personal model: a work of kind `portrait`. */
  async generate(ownerId: number, body: FacechainGenerateBody): Promise<string> {
    const set = await this.store.find(ownerId, body.photos_id);
    this.requireEngine();
    if (set.status !== 'done' || !set.modelRef) throw invalid(addbgMessages.facechainNotTrained);
    const style = portraitStyles(this.deps.config).find((s) => s.id === body.style_id);
    if (!style) throw invalid(addbgMessages.unknownStyle);
    const models = portraitModels(this.deps.config);
    const model = body.model_id ? models.find((m) => m.id === body.model_id) : models[0];
    if (!model) throw invalid('写真模型不存在');
    const params: PortraitParams = {
      photos_id: set.id,
      style_id: style.id,
      model_id: model.id,
      checkpoint: model.checkpoint,
      prompt: `photo of ${triggerOf(set.id)} person, ${style.prompt}`,
      count: body.count,
    };
    return this.deps.addbg.create(ownerId, {
      kind: 'portrait',
      engine: 'comfyui',
      sourceFileId: null,
      projectId: body.project_id,
      params: { ...params },
      images: body.count,
      photoSetId: set.id,
    });
  }

  /**
   * The set, its photos (stored files), its portraits (works, their images and files) and its
   * model reference go; unfinished portraits give their images back. The engine is asked to drop
   * the set's prompts from its queue and history; files on the engine's disk stay (README).
   */
  async delete(ownerId: number, id: string): Promise<void> {
    const set = await this.store.find(ownerId, id);
    const { addbg, files, jobs } = this.deps;
    if (set.jobId !== null) await jobs.cancel(set.jobId);
    for (const work of await this.store.works(set.id)) {
      if (work.jobId !== null && (work.status === 'queued' || work.status === 'running')) await jobs.cancel(work.jobId);
      const failed = await addbg.works.fail(work.id, addbgMessages.failed);
      if (failed) await addbg.usage.refund(work.ownerId, failed.charged);
      await addbg.clearImages(work);
    }
    for (const photo of await this.store.photos([set.id])) {
      await files.delete(ownerId, photo.fileId, 'addbg').catch((error: unknown) => {
        // Already gone (deleted with another set holding the same upload): nothing left to delete.
        if (!(error instanceof AppError)) throw error;
      });
    }
    await this.store.delete(set.id);
    await this.deps.engine?.forget(set.engineRefs).catch((error: unknown) => {
      this.deps.log.warn({ err: error, setId: set.id }, 'the engine did not forget a deleted photo set');
    });
  }

  /** A set whose training job gave up (every attempt's process died) is failed, not left running. */
  private async settled(set: AddbgPhotoSetRow): Promise<AddbgPhotoSetRow> {
    if ((set.status !== 'queued' && set.status !== 'running') || !(await this.deps.addbg.jobEnded(set.jobId))) {
      return set;
    }
    const failed = { status: 'failed' as const, progress: 0, message: addbgMessages.facechainTrainFailed };
    await this.store.setState(set.id, failed);
    return { ...set, ...failed };
  }

  private async views(sets: AddbgPhotoSetRow[], known?: AddbgPhotoRow[]): Promise<FacechainPhotoSet[]> {
    const ids = sets.map((s) => s.id);
    const photos = known ?? (await this.store.photos(ids));
    return sets.map((s) => {
      const own = photos.filter((p) => p.setId === s.id);
      return {
        photos_id: s.id,
        name: s.name,
        status: s.status as FacechainSetStatus,
        progress: s.progress,
        message: s.message || addbgMessages.facechainUntrained,
        photo_count: own.length,
        cover_url: own[0] ? sourceUrl(own[0].fileId) : null,
        consent_time: s.consentAt.getTime(),
        create_time: s.createdAt.getTime(),
      };
    });
  }
}

function toPhoto(p: AddbgPhotoRow) {
  return { photo_id: p.id, file_id: p.fileId, url: sourceUrl(p.fileId) };
}

function toProcess(set: Pick<AddbgPhotoSetRow, 'status' | 'progress' | 'message'>): FacechainTrainProcess {
  return {
    status: set.status as FacechainSetStatus,
    progress: set.progress,
    message: set.message || addbgMessages.facechainUntrained,
  };
}
