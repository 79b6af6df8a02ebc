import { FEEDBACK_ACTIONS, feedbackRequestSchema } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/envelope';
import { parse } from '../../lib/validate';
import { requireUser } from '../../plugins/auth';

/** /api/feedback/{like|unlike|dislike|undislike|copy}: not a module prefix, so ownership is checked here. */
const feedbackRoutes: FastifyPluginAsync = async (app) => {
  const { feedback } = app.chat;
  for (const action of FEEDBACK_ACTIONS) {
    app.post(`/${action}`, async (request) => {
      const body = parse(feedbackRequestSchema, request.body);
      return ok(await feedback.apply(requireUser(request).id, body.message_id, action, body.type));
    });
  }
};

export default feedbackRoutes;
