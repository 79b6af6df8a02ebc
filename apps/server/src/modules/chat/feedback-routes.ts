import { FEEDBACK_ACTIONS } from '@portal/contract';
import { feedbackEndpoints } from '@portal/contract/endpoints/chat';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint';
import { requireUser } from '../../plugins/auth';

/** /api/feedback/{like|unlike|dislike|undislike|copy}: not a module prefix, so ownership is checked here. */
const feedbackRoutes: FastifyPluginAsync = async (app) => {
  const { feedback } = app.chat;
  for (const action of FEEDBACK_ACTIONS) {
    serve(
      app,
      feedbackEndpoints[action],
      async ({ body, request }) => await feedback.apply(requireUser(request).id, body.message_id, action, body.type),
    );
  }
};

export default feedbackRoutes;
