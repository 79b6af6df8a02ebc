import type { ChatMessageApi, ChatModule, FeedbackAction } from '@portal/contract';

const load = () => import('./endpoints');

/** Where a conversation's message calls go: the module's own API or its model family's (ernie, zhipu). */
export interface MessageRoute {
  module: ChatModule;
  api: ChatMessageApi;
}

/** The module's conversation calls (create, rename, delete). */
export const conversationEndpoints = async (module: ChatModule) => (await load()).chatConversationEndpoints(module);

/** The message calls of a conversation's model family: list, ask, completion, stop, truncate, follow. */
export const messageEndpoints = async (route: MessageRoute) =>
  (await load()).chatMessageEndpoints(route.module, route.api);

/** Like, dislike and copy, shared by every module. */
export const feedbackEndpoint = async (action: FeedbackAction) => (await load()).feedbackEndpoints[action];
