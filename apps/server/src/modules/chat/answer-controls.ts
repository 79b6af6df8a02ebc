import type { ServerResponse } from 'node:http';
import type { ChatModule } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessageRow } from '../../db/schema';
import { resourceGone } from '../../lib/resource-gone';
import type { AskServiceDeps } from './ask-types';

export type AnswerControlDeps = Pick<AskServiceDeps, 'messages' | 'answers'>;

/** An answer named by a user in a module. */
export interface NamedAnswer {
  userId: number;
  module: ChatModule;
  messageId: string;
}

export interface FollowInput extends NamedAnswer {
  /** The response to stream on, once the answer is known to be the user's (the route hijacks its reply). */
  open(): ServerResponse;
  requestId: string;
  log: FastifyBaseLogger;
}

/** The user's answer in the module; another user's, a question or an unknown id is gone (4000). */
async function ownedAnswer(
  deps: AnswerControlDeps,
  { userId, module, messageId }: NamedAnswer,
): Promise<ChatMessageRow> {
  const found = await deps.messages.findOwned(userId, messageId, module);
  if (!found || found.row.role !== 'assistant') throw resourceGone();
  return found.row;
}

/**
 * Stops an answer of this user, wherever it is generated, and answers the message once it is
 * final (or as it stands after a few seconds).
 */
export async function stopChatAnswer(deps: AnswerControlDeps, input: NamedAnswer): Promise<ChatMessageRow> {
  const row = await ownedAnswer(deps, input);
  return deps.answers.stopAnswer(deps.messages, input.messageId, row);
}

/** A page that came back to an answer being generated follows it to its end (follow-transport.ts). */
export async function followChatAnswer(deps: AnswerControlDeps, input: FollowInput): Promise<void> {
  await ownedAnswer(deps, input);
  const { messageId } = input;
  await deps.answers.follow({
    res: input.open(),
    requestId: input.requestId,
    log: input.log,
    messageId,
    read: () => deps.messages.row(messageId),
  });
}
