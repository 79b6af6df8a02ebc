/*
 * The chat descriptors as a chunk of their own (load-endpoints.ts). They hold the request schemas
 * (zod), which the chat route's first chunks leave out: the welcome screen and its prefetch never
 * load this file; a conversation's calls and the first question do.
 */
export { chatConversationEndpoints, chatMessageEndpoints, feedbackEndpoints } from '@portal/contract/endpoints/chat';
