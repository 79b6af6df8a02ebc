import type { answerFollowRequestSchema, Endpoint } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { resourceGone } from '../lib/resource-gone';
import { serveStream } from '../lib/serve-stream';
import { requireUser } from '../plugins/auth';
import type { StoredAnswer } from '../services/answers';

/** How a module finds its answers for a follower. */
export interface FollowedAnswers {
  /** The message if it is one of this user's, in this module; nothing for any other id. */
  findOwned(userId: number, messageId: string): Promise<{ role: string } | undefined>;
  /** The answer as stored now. */
  read(messageId: string): Promise<StoredAnswer | undefined>;
}

/**
 * A module's `message/follow` (contract: answer-follow.ts): a page that came back to an answer
 * being generated follows it to its end. Only the user's own answers can be followed; any other
 * id, or a question's, answers like an unknown one.
 */
export function serveAnswerFollow(
  app: FastifyInstance,
  declared: Endpoint & { reply: 'event-stream'; body: typeof answerFollowRequestSchema },
  answers: FollowedAnswers,
): void {
  serveStream(app, declared, async ({ body: { message_id }, request }) => {
    const found = await answers.findOwned(requireUser(request).id, message_id);
    if (!found || found.role !== 'assistant') throw resourceGone();
    return (target) =>
      app.services.answers.follow({ ...target, messageId: message_id, read: () => answers.read(message_id) });
  });
}
