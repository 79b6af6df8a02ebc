import { mjEndpoints as e } from '@portal/contract/endpoints/mj';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint';
import { requireUser } from '../../plugins/auth';
import { contentDisposition } from '../../routes/api/file/transfer';
import type { MjService } from './mj-service';

/**
 * The image chat's calls under `/api/chatgpt` (the chatgpt right, checked by the gate). Every id is
 * looked up within the signed-in user's own rows: another's answers like an unknown one.
 */
export function mjRoutes(service: MjService): FastifyPluginAsync {
  return async (app) => {
    const owner = (request: Parameters<typeof requireUser>[0]) => requireUser(request).id;

    serve(app, e.ask, async ({ body, request }) => service.ask(owner(request), body));
    serve(app, e.receiveMessage, async ({ body, request }) => service.receive(owner(request), body));
    serve(app, e.replyMessage, async ({ query, request }) => service.reply(owner(request), query.message_id));
    serve(app, e.messageList, async ({ query, request }) => service.list(owner(request), query));
    serve(app, e.status, async ({ request }) => service.status(owner(request)));
    serve(app, e.conversationList, async ({ request }) => ({ conv_list: await service.conversations(owner(request)) }));
    serve(app, e.conversationDelete, async ({ body, request }) => {
      await service.deleteConversation(owner(request), body.conv_id);
      return null;
    });

    /** An image, to its owner only, as stored (PNG); never run as part of the portal. */
    serve(app, e.image, async ({ query, request, reply }) => {
      const { image, body } = await service.openImage(owner(request), query.image_id);
      return reply
        .header('content-type', 'image/png')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('cross-origin-resource-policy', 'same-origin')
        .header(
          'content-disposition',
          contentDisposition(
            query.download ? 'attachment' : 'inline',
            `mj-${image.id.slice(0, 8)}-${image.position}.png`,
          ),
        )
        .send(body);
    });
  };
}
