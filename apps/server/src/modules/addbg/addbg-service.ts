import { Readable } from 'node:stream';
import {
  ErrorCode,
  addbgMessages,
  type AddbgEngine,
  type AddbgWork,
  type AddbgWorkKind,
  type AddbgWorksList,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AddbgWorkRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { newId } from '../../lib/ids';
import type { FileService } from '../../services/files';
import type { UploadRules } from '../../services/files';
import type { JobQueue } from '../../services/jobs';
import type { AddbgConfig } from './config';
import { ProjectStore } from './project-store';
import { toWork } from './serialize';
import { UsageStore } from './usage-store';
import { WorkStore } from './work-store';

export const ADDBG_WORK_JOB = 'addbg.work';
export interface AddbgWorkJob {
  workId: string;
}

export interface NewWork {
  kind: AddbgWorkKind;
  engine: AddbgEngine;
  sourceFileId: string | null;
  projectId: string | undefined;
  params: Record<string, unknown>;
  /** Images the work will make: taken from the usage now, given back if it fails. */
  images: number;
  /** A portrait's photo set. */
  photoSetId?: string;
}

/** Generated images are stored like uploads but are made by the server: any size it makes is fine. */
const RESULT_RULES: UploadRules = { kinds: ['image'], maxBytes: 100_000_000 };

export interface AddbgServiceDeps {
  db: Db;
  files: FileService;
  jobs: JobQueue;
  config: AddbgConfig;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** Works (durable jobs with progress), their stored images, usage and projects. */
export class AddbgService {
  readonly works: WorkStore;
  readonly projects: ProjectStore;
  readonly usage: UsageStore;

  /** The module's database, for its other stores (portraits). */
  get db(): Db {
    return this.deps.db;
  }

  constructor(private readonly deps: AddbgServiceDeps) {
    this.works = new WorkStore(deps.db);
    this.projects = new ProjectStore(deps.db);
    this.usage = new UsageStore(deps.db, deps.config.usage_total, deps.config.usage_period_seconds);
  }

  /**
   * Records a work, takes its images from the usage and queues its job, all in one transaction:
   * a refusal (no usage left) leaves nothing behind, and a queued job always has its work.
   */
  async create(ownerId: number, work: NewWork): Promise<string> {
    if (work.projectId) await this.projects.find(ownerId, work.projectId);
    if (work.sourceFileId) await this.sourceFile(ownerId, work.sourceFileId);
    const id = newId();
    await this.deps.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await this.usage.spend(ownerId, work.images, db);
      await this.works.insert(
        {
          id,
          ownerId,
          projectId: work.projectId ?? null,
          kind: work.kind,
          engine: work.engine,
          sourceFileId: work.sourceFileId,
          params: work.params,
          photoSetId: work.photoSetId ?? null,
          charged: work.images,
          message: addbgMessages.queued,
        },
        db,
      );
      const jobId = await this.deps.jobs.send(ADDBG_WORK_JOB, { workId: id } satisfies AddbgWorkJob, {}, db);
      await this.works.setJob(id, jobId, db);
    });
    if (work.projectId) await this.projects.touch(work.projectId);
    return id;
  }

  /** The owner's source image row; must be an image of this module. */
  async sourceFile(ownerId: number, fileId: string) {
    const row = await this.deps.files.find(ownerId, fileId, 'addbg');
    if (!row.mime.startsWith('image/')) throw new AppError(ErrorCode.validation, addbgMessages.notAnImage);
    return row;
  }

  async readSource(ownerId: number, fileId: string): Promise<Buffer> {
    const { body } = await this.deps.files.open(ownerId, fileId, 'addbg');
    return streamToBuffer(body);
  }

  /** Stores one image of a work as a file of its owner. */
  async storeImage(work: AddbgWorkRow, png: Buffer, position: number, width: number, height: number): Promise<void> {
    const room = await this.deps.files.quota.room(work.ownerId);
    const file = await this.deps.files.saveUpload({
      ownerId: work.ownerId,
      module: 'addbg',
      rawName: `${work.kind}-${work.id.slice(0, 8)}-${position + 1}.png`,
      body: Readable.from([png]),
      rules: RESULT_RULES,
      room,
    });
    await this.works.addImage({
      id: newId(),
      workId: work.id,
      ownerId: work.ownerId,
      fileId: file.id,
      position,
      width,
      height,
    });
  }

  /** Drops the images an interrupted run left, with their files. */
  async clearImages(work: AddbgWorkRow): Promise<void> {
    const removed = await this.works.clearImages(work.id);
    for (const image of removed) {
      await this.deps.files.delete(work.ownerId, image.fileId, 'addbg').catch(() => undefined);
    }
  }

  async openImage(ownerId: number, imageId: string) {
    const image = await this.works.image(ownerId, imageId);
    const { row, body } = await this.deps.files.open(ownerId, image.fileId, 'addbg');
    return { image, row, body };
  }

  async view(ownerId: number, workId: string): Promise<AddbgWork> {
    let row = await this.works.find(ownerId, workId);
    if ((row.status === 'queued' || row.status === 'running') && (await this.jobEnded(row.jobId))) {
      // Its job gave up (every attempt's process died under it): the work fails, its images come back.
      const failed = await this.works.fail(row.id, addbgMessages.failed);
      if (failed) await this.usage.refund(row.ownerId, failed.charged);
      row = await this.works.find(ownerId, workId);
    }
    return (await this.views(ownerId, [row]))[0]!;
  }

  /** Whether a work's (or a training's) job gave up or was cancelled without finishing it. */
  async jobEnded(jobId: number | null): Promise<boolean> {
    if (jobId === null) return false;
    const job = await this.deps.jobs.get(jobId);
    return !job || job.state === 'failed' || job.state === 'cancelled';
  }

  async views(ownerId: number, rows: AddbgWorkRow[]): Promise<AddbgWork[]> {
    const images = await this.works.images(rows.map((r) => r.id));
    const favorites = await this.works.favorites(ownerId);
    return rows.map((r) =>
      toWork(
        r,
        images.filter((i) => i.workId === r.id),
        favorites,
      ),
    );
  }

  async list(
    ownerId: number,
    query: { project_id?: string; kind?: AddbgWorkKind; page: number; page_size: number },
  ): Promise<AddbgWorksList> {
    if (query.project_id) await this.projects.find(ownerId, query.project_id);
    const { rows, count } = await this.works.list(
      ownerId,
      { projectId: query.project_id, kind: query.kind },
      query.page,
      query.page_size,
    );
    const usage = await this.usage.get(ownerId);
    return { list: await this.views(ownerId, rows), count, ...usage, usage };
  }
}

async function streamToBuffer(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
