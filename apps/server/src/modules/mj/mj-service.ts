import { Readable } from 'node:stream';
import {
  addbgMessages,
  ErrorCode,
  MJ_GRID_SIZE,
  mjEngineNames,
  mjMessages,
  type AddbgUsage,
  type MjAction,
  type MjAskRequest,
  type MjAskResponse,
  type MjConversation,
  type MjMessage,
  type MjMessageListResponse,
  type MjReceiveRequest,
  type MjStatus,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ConversationRow, MjMessageRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { newId } from '../../lib/ids';
import type { FileService, UploadRules } from '../../services/files';
import type { JobQueue } from '../../services/jobs';
import type { EngineConnection } from './engines/image-engine';
import { MjStore } from './mj-store';
import { layoutOf, titleOf, toMjConversation, toMjMessage } from './serialize';

export const MJ_RENDER_JOB = 'mj.render';
export interface MjRenderJob {
  messageId: string;
}

/** The image designer's usage (section 3), which the image chat spends from too. */
export interface ImageUsage {
  get(ownerId: number, db?: Db): Promise<AddbgUsage>;
  spend(ownerId: number, count: number, db?: Db): Promise<AddbgUsage>;
  refund(ownerId: number, count: number, db?: Db): Promise<void>;
}

/** Files of the image chat; generated images are stored like uploads of this module. */
export const MJ_FILE_MODULE = 'mj';
/** The server makes these images: any size it makes is fine. */
const RESULT_RULES: UploadRules = { kinds: ['image'], maxBytes: 100_000_000 };

export interface MjServiceDeps {
  db: Db;
  files: FileService;
  jobs: JobQueue;
  usage: ImageUsage;
  /** The connected engine; null: the image chat is not connected. */
  engine: EngineConnection | null;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

interface Turn {
  action: MjAction;
  variant: number | null;
  parentId: string | null;
  prompt: string;
}

/** Images a turn draws, taken from the usage when it is queued. */
function imagesOf(action: MjAction): number {
  return action === 'upscale' ? 1 : MJ_GRID_SIZE;
}

const invalid = (message: string) => new AppError(ErrorCode.validation, message);

/** Image conversations: turns queued as durable jobs, charged to the image usage, read back by owner. */
export class MjService {
  readonly store: MjStore;

  constructor(private readonly deps: MjServiceDeps) {
    this.store = new MjStore(deps.db);
  }

  private engine(): EngineConnection {
    if (!this.deps.engine) throw invalid(mjMessages.notConnected);
    return this.deps.engine;
  }

  async status(ownerId: number): Promise<MjStatus> {
    const engine = this.deps.engine?.engine ?? null;
    return {
      configured: engine !== null,
      engine,
      engine_name: engine ? mjEngineNames[engine] : null,
      usage: await this.deps.usage.get(ownerId),
    };
  }

  /** `mjAsk`: a new prompt, in the given conversation or a new one. */
  async ask(ownerId: number, body: MjAskRequest): Promise<MjAskResponse> {
    this.engine();
    const conversation = body.conv_id ? await this.store.conversation(ownerId, body.conv_id) : undefined;
    return this.queue(ownerId, conversation, { action: 'imagine', variant: null, parentId: null, prompt: body.prompt });
  }

  /** `receiveMessage`: U1–U4, V1–V4 or reroll on a finished reply of the owner's. */
  async receive(ownerId: number, body: MjReceiveRequest): Promise<MjAskResponse> {
    this.engine();
    const parent = await this.store.message(ownerId, body.message_id);
    if (parent.status === 'failed') throw invalid(mjMessages.parentFailed);
    if (parent.status !== 'done') throw invalid(mjMessages.notFinished);
    let variant: number | null = null;
    if (body.action !== 'reroll') {
      const single = layoutOf(parent.action) === 'single';
      if (body.action === 'upscale' && single) throw invalid(mjMessages.upscaleOfGrid);
      variant = body.index ?? (single ? 1 : null);
      if (variant === null) throw invalid(mjMessages.variantNeeded);
      const images = await this.store.images([parent.id]);
      if (!images.some((i) => i.position === variant)) throw invalid(mjMessages.noSuchVariant);
    }
    const conversation = await this.store.conversation(ownerId, parent.convId);
    return this.queue(ownerId, conversation, {
      action: body.action,
      variant,
      parentId: parent.id,
      prompt: parent.prompt,
    });
  }

  /**
   * Records the turn, takes its images from the usage and queues its job in one transaction: a
   * refusal (no usage left) leaves nothing behind, not even a new conversation, and a queued job
   * always has its turn.
   */
  private async queue(ownerId: number, existing: ConversationRow | undefined, turn: Turn): Promise<MjAskResponse> {
    const engine = this.engine().engine;
    const charged = imagesOf(turn.action);
    return this.deps.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const conversation = existing ?? (await this.store.createConversation(ownerId, titleOf(turn.prompt), db));
      const usage = await this.deps.usage.spend(ownerId, charged, db);
      const row = await this.store.insertMessage(
        {
          id: newId(),
          convId: conversation.id,
          ownerId,
          action: turn.action,
          variant: turn.variant,
          parentId: turn.parentId,
          prompt: turn.prompt,
          engine,
          statusText: addbgMessages.queued,
          charged,
        },
        db,
      );
      const jobId = await this.deps.jobs.send(MJ_RENDER_JOB, { messageId: row.id } satisfies MjRenderJob, {}, db);
      await this.store.setJob(row.id, jobId, db);
      await this.store.touchConversation(conversation.id, db);
      return {
        conv_id: conversation.id,
        title: conversation.title,
        message: toMjMessage({ ...row, jobId }, []),
        usage,
      };
    });
  }

  /** `replyMessage`: one turn of the owner's as it is now. */
  async reply(ownerId: number, messageId: string): Promise<MjMessage> {
    const row = await this.settle(await this.store.message(ownerId, messageId));
    return toMjMessage(row, await this.store.images([row.id]));
  }

  async list(
    ownerId: number,
    query: { conv_id: string; page: number; page_size: number },
  ): Promise<MjMessageListResponse> {
    const conversation = await this.store.conversation(ownerId, query.conv_id);
    const { rows, total } = await this.store.page(conversation.id, query.page, query.page_size);
    const settled = await Promise.all(rows.map((r) => this.settle(r)));
    const images = await this.store.images(settled.map((r) => r.id));
    return {
      list: settled.map((r) => toMjMessage(r, images)),
      page: query.page,
      page_size: query.page_size,
      total,
      has_more: query.page * query.page_size < total,
      title: conversation.title,
    };
  }

  async conversations(ownerId: number): Promise<MjConversation[]> {
    return (await this.store.conversations(ownerId)).map(toMjConversation);
  }

  /** Unfinished turns are stopped and their images given back; the stored images go with it. */
  async deleteConversation(ownerId: number, convId: string): Promise<void> {
    const conversation = await this.store.conversation(ownerId, convId);
    for (const row of await this.store.unfinished(conversation.id)) {
      await this.failAndRefund(row);
      if (row.jobId !== null) await this.deps.jobs.cancel(row.jobId);
    }
    const fileIds = await this.store.deleteConversation(ownerId, convId);
    for (const fileId of fileIds) {
      await this.deps.files.delete(ownerId, fileId, MJ_FILE_MODULE).catch(() => undefined);
    }
  }

  /** Fails a turn once and gives its images back; true for the one caller that did. */
  async failAndRefund(row: MjMessageRow): Promise<boolean> {
    const failed = await this.store.fail(row.id, addbgMessages.failed);
    if (failed) await this.deps.usage.refund(row.ownerId, failed.charged);
    return Boolean(failed);
  }

  /** A turn whose job gave up (every attempt's process died under it) fails, its images come back. */
  private async settle(row: MjMessageRow): Promise<MjMessageRow> {
    if (row.status !== 'queued' && row.status !== 'running') return row;
    if (row.jobId === null) return row;
    const job = await this.deps.jobs.get(row.jobId);
    if (job && job.state !== 'failed' && job.state !== 'cancelled') return row;
    await this.failAndRefund(row);
    return (await this.store.messageById(row.id)) ?? row;
  }

  async storeImage(row: MjMessageRow, png: Buffer, position: number, width: number, height: number): Promise<void> {
    const room = await this.deps.files.quota.room(row.ownerId);
    const file = await this.deps.files.saveUpload({
      ownerId: row.ownerId,
      module: MJ_FILE_MODULE,
      rawName: `mj-${row.id.slice(0, 8)}-${position}.png`,
      body: Readable.from([png]),
      rules: RESULT_RULES,
      room,
    });
    await this.store.addImage({
      id: newId(),
      messageId: row.id,
      ownerId: row.ownerId,
      fileId: file.id,
      position,
      width,
      height,
    });
  }

  /** Drops the images an interrupted run left, with their files. */
  async clearImages(row: MjMessageRow): Promise<void> {
    for (const image of await this.store.clearImages(row.id)) {
      await this.deps.files.delete(row.ownerId, image.fileId, MJ_FILE_MODULE).catch(() => undefined);
    }
  }

  /** The bytes of an image of the owner's (the source of an upscale or variation). */
  async readImage(ownerId: number, messageId: string, position: number): Promise<Buffer> {
    const image = (await this.store.images([messageId])).find((i) => i.position === position);
    if (!image) throw new Error(`no image ${position} of ${messageId}`);
    const { body } = await this.deps.files.open(ownerId, image.fileId, MJ_FILE_MODULE);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async openImage(ownerId: number, imageId: string) {
    const image = await this.store.image(ownerId, imageId);
    const { body } = await this.deps.files.open(ownerId, image.fileId, MJ_FILE_MODULE);
    return { image, body };
  }
}
