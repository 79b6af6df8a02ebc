import multipart from '@fastify/multipart';
import { ErrorCode, uploadMessages } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { FileRow } from '../../../db/schema';
import { AppError } from '../../../errors/app-error';
import { requireUser } from '../../../plugins/auth';
import { tooLargeError } from '../../../services/files/inspect';
import { storageFullError, type UploadRules } from '../../../services/files';

/** Room for the multipart framing around the one file part (boundaries, part headers, a name). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Streamed multipart in this scope only: one file part, a few small fields, no whole-file buffering. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { files: 1, fields: 4, fieldSize: 2048, parts: 6, headerPairs: 50 },
  });
}

/** Per-user upload budget of a route (the signed-in identity, which the client cannot choose). */
export function uploadRateLimit(app: FastifyInstance) {
  return {
    max: app.services.files.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `upload:${request.user?.id ?? request.ip}`,
  };
}

/**
 * Receives the request's file part and streams it through the checks into storage, within the file
 * limit and what the user's storage quota leaves (claimed for good when the file is recorded).
 */
export async function receiveUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  module: string | null,
  rules: UploadRules,
): Promise<FileRow> {
  const user = requireUser(request);
  const { service } = app.services.files;
  try {
    const declared = Number(request.headers['content-length']);
    // A body announced as larger than the limit is refused before a byte of it is read.
    if (Number.isFinite(declared) && declared > rules.maxBytes + MULTIPART_OVERHEAD_BYTES) {
      throw tooLargeError(rules, undefined);
    }
    const room = await service.quota.room(user.id);
    if (
      room.remainingBytes < 1 ||
      (Number.isFinite(declared) && declared > room.remainingBytes + MULTIPART_OVERHEAD_BYTES)
    ) {
      throw storageFullError(room);
    }
    // One byte past the limit is enough to know; the guard turns it into the 413.
    const part = await request.file({ limits: { fileSize: Math.min(rules.maxBytes, room.remainingBytes) + 1 } });
    if (!part) throw new AppError(ErrorCode.validation, uploadMessages.noFile);
    return await service.saveUpload({
      ownerId: user.id,
      module,
      rawName: part.filename ?? '',
      body: part.file,
      rules,
      room,
    });
  } catch (error) {
    releaseBody(request);
    throw error;
  }
}

/** How long the rest of a refused body is read and dropped before the connection is cut. */
const DRAIN_MS = 5_000;

/**
 * After a refusal the rest of the body is still arriving, and the multipart parser, no longer read,
 * holds the socket paused, so it would never notice the client leaving. Drop what comes for a
 * moment (so the client can read the answer rather than a reset), then close; never keep it.
 */
function releaseBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
  const timer = setTimeout(() => raw.destroy(), DRAIN_MS);
  timer.unref();
  const clear = () => clearTimeout(timer);
  raw.once('end', clear);
  raw.once('close', clear);
}

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a stored file so that the browser can never run it as part of the portal: no sniffing, a
 * sandbox with nothing allowed, and images inline while everything else downloads.
 */
export function sendStoredFile(reply: FastifyReply, row: FileRow, body: Readable): FastifyReply {
  const image = row.mime.startsWith('image/');
  const type = row.mime.startsWith('text/') ? `${row.mime}; charset=utf-8` : row.mime;
  return reply
    .header('content-type', type)
    .header('content-length', String(row.size))
    .header('content-disposition', contentDisposition(image ? 'inline' : 'attachment', row.displayName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-cache')
    .header('cross-origin-resource-policy', 'same-origin')
    .send(body);
}
