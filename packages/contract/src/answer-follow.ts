import { z } from 'zod';
import { messageStatusSchema } from './chat-responses';

/*
 * Following an answer that is being generated: `POST /api/{module}/message/follow {message_id}`,
 * an event stream, for every module that streams answers (chat, session tools, report, marketing).
 *
 * An answer does not end when its client goes away (a reload, a phone losing its connection): it
 * is generated to the end on the server and stored as it grows, and only `message/stop` stops it.
 * A page that opens a conversation whose last answer is still `generating` follows it here, on
 * whichever replica it reaches: the answer so far first (`replace`), then what is added, live when
 * this replica generates it, from the stored answer otherwise; `finish` once it is final (the page
 * then reads the final message from `message/completion`).
 */

export const answerFollowRequestSchema = z.object({ message_id: z.string().trim().min(1).max(64) });
export type AnswerFollowRequest = z.infer<typeof answerFollowRequestSchema>;

/** `message` event: text added to the answer; with `replace`, the answer's whole text so far. */
export const answerFollowMessageSchema = z.object({
  message_id: z.string(),
  text: z.string(),
  reasoning: z.string().optional(),
  /** `text` (and `reasoning`) replace what the page shows: the first event, or an answer written again. */
  replace: z.boolean().optional(),
});
export type AnswerFollowMessage = z.infer<typeof answerFollowMessageSchema>;

/** `finish` event: the answer is final (done, aborted or incomplete). */
export const answerFollowFinishSchema = z.object({ message_id: z.string(), status: messageStatusSchema });
export type AnswerFollowFinish = z.infer<typeof answerFollowFinishSchema>;

/** `error` event (or a JSON error before anything was sent): following failed, the answer may go on. */
export const answerFollowErrorSchema = z.object({
  message_id: z.string(),
  code: z.number().int().optional(),
  message: z.string(),
});
export type AnswerFollowError = z.infer<typeof answerFollowErrorSchema>;
