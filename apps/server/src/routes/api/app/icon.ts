import { APP_ICON_PATH, fileIdSchema } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parse } from '../../../lib/validate';
import { APP_ICON_MODULE } from '../../../services/catalogue/app-icon';
import { sendStoredFile } from '../file/transfer';

const PREFIX = '/api/app';
const querySchema = z.object({ id: fileIdSchema });

/**
 * GET /api/app/icon?id=: an uploaded app icon. An `<img>` cannot send the access token, so this
 * path is public; it serves only files uploaded as app icons (never another upload), by an id
 * of 128 random bits that only the catalogue of signed-in users hands out, with the stored-file
 * headers (no sniffing, an empty sandbox, same-origin only).
 */
const appIconRoute: FastifyPluginAsync = async (app) => {
  app.get(APP_ICON_PATH.slice(PREFIX.length), async (request, reply) => {
    const { id } = parse(querySchema, request.query);
    const { row, body } = await app.services.files.service.openShared(id, APP_ICON_MODULE);
    // An id never changes content: browsers may keep it.
    return sendStoredFile(reply, row, body).header('cache-control', 'private, max-age=86400, immutable');
  });
};

export default appIconRoute;
