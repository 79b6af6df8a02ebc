import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  mjAskRequestSchema,
  mjAskResponseSchema,
  mjConversationDeleteRequestSchema,
  mjConversationListResponseSchema,
  mjImageQuerySchema,
  mjMessageListQuerySchema,
  mjMessageListResponseSchema,
  mjMessageSchema,
  mjReceiveRequestSchema,
  mjReplyQuerySchema,
  mjStatusSchema,
} from '../mj';

const tag = 'midjourney';

/**
 * The image chat of the chatgpt app (module type 1): section 7's `mjAsk` and mj calls
 * (`messageList`, `receiveMessage`, `replyMessage`), plus its conversations, status and images.
 * Under `/api/chatgpt`, so the chatgpt right opens them.
 */
export const mjEndpoints = {
  ask: endpoint({
    method: 'POST',
    path: '/api/chatgpt/message/mjAsk',
    summary: 'Draws a 2×2 grid from a prompt: queues a job on the image engine and answers the queued turn',
    tag,
    access: 'user',
    body: mjAskRequestSchema,
    data: mjAskResponseSchema,
  }),
  messageList: endpoint({
    method: 'GET',
    path: '/api/chatgpt/mj/messageList',
    summary: 'The turns of an image conversation (prompts, progress, grids), a page at a time',
    tag,
    access: 'user',
    query: mjMessageListQuerySchema,
    data: mjMessageListResponseSchema,
  }),
  receiveMessage: endpoint({
    method: 'POST',
    path: '/api/chatgpt/mj/receiveMessage',
    summary: 'A button of a finished reply: upscale (U1–U4), vary (V1–V4) or reroll; each a new job',
    tag,
    access: 'user',
    body: mjReceiveRequestSchema,
    data: mjAskResponseSchema,
  }),
  replyMessage: endpoint({
    method: 'GET',
    path: '/api/chatgpt/mj/replyMessage',
    summary: 'One turn as it is now: progress while its job runs, then its images',
    tag,
    access: 'user',
    query: mjReplyQuerySchema,
    data: mjMessageSchema,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/chatgpt/mj/status',
    summary: 'Whether an image engine is connected, and your image usage',
    tag,
    access: 'user',
    data: mjStatusSchema,
  }),
  conversationList: endpoint({
    method: 'GET',
    path: '/api/chatgpt/mj/conversationList',
    summary: 'Your image conversations, most recently used first',
    tag,
    access: 'user',
    data: mjConversationListResponseSchema,
  }),
  conversationDelete: endpoint({
    method: 'POST',
    path: '/api/chatgpt/mj/conversationDelete',
    summary: 'Deletes an image conversation with its images',
    tag,
    access: 'user',
    body: mjConversationDeleteRequestSchema,
    data: z.null(),
  }),
  image: endpoint({
    method: 'GET',
    path: '/api/chatgpt/mj/image',
    summary: 'An image of your image conversations (PNG), inline or as a download',
    tag,
    access: 'user',
    query: mjImageQuerySchema,
    reply: 'file',
  }),
};
