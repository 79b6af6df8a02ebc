import { useCallback, useRef, useState } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  CONVERSATION_PAGE_SIZE_DEFAULT,
  CONVERSATION_PAGE_SIZE_MAX,
  type Conversation,
  type ConversationListResponse,
} from '@portal/contract';
import { api } from '../../../lib/api';
import { chatFirstScreenPaths } from './first-screen-paths';
import { loadChatParsers } from './load-parsers';
import type { ChatModuleConfig } from '../config/chat-modules';

/** Where a module's loaded list ends: the next page's cursor (none: all loaded), and its length. */
interface Paging {
  next?: string;
  shown: number;
}

/**
 * Kept beside the query client rather than in the cached list, whose plain array the rest of the
 * feature reads and updates (a new conversation put first, a rename, a delete).
 */
const pagingByClient = new WeakMap<QueryClient, Map<string, Paging>>();

function pagingOf(client: QueryClient): Map<string, Paging> {
  let paging = pagingByClient.get(client);
  if (!paging) pagingByClient.set(client, (paging = new Map()));
  return paging;
}

function fetchPage(config: ChatModuleConfig, params?: Record<string, string | number>) {
  return api.get<ConversationListResponse>(chatFirstScreenPaths(config.chatApiPath).conversations, {
    ...(params ? { params } : {}),
    schema: loadChatParsers().then((p) => p.conversationListParser),
  });
}

/**
 * The first page; a refresh (after an answer) asks for as many as were shown, in one call, so a
 * list scrolled far keeps its length. The first call has no parameters: the boot's early request
 * is that very call.
 */
export async function listConversations(config: ChatModuleConfig, client?: QueryClient): Promise<Conversation[]> {
  const shown = client ? (pagingOf(client).get(config.name)?.shown ?? 0) : 0;
  const size = Math.min(shown, CONVERSATION_PAGE_SIZE_MAX);
  const data = await fetchPage(config, size > CONVERSATION_PAGE_SIZE_DEFAULT ? { page_size: size } : undefined);
  if (client) pagingOf(client).set(config.name, { next: data.next_cursor, shown: data.conv_list.length });
  return data.conv_list;
}

/** The module's conversation list; shared by the page and its route's prefetch. */
export const conversationsQuery = (config: ChatModuleConfig) =>
  queryOptions({
    queryKey: config.convMap,
    queryFn: ({ client }) => listConversations(config, client),
    staleTime: 30_000,
  });

export function useConversations(config: ChatModuleConfig) {
  return useQuery(conversationsQuery(config));
}

/** Appends the next page to the loaded list, skipping conversations it holds already. */
async function loadNextPage(client: QueryClient, config: ChatModuleConfig): Promise<void> {
  const next = pagingOf(client).get(config.name)?.next;
  if (!next) return;
  const data = await fetchPage(config, { cursor: next });
  client.setQueryData<Conversation[]>(config.convMap, (list = []) => {
    const known = new Set(list.map((c) => c.conv_id));
    const merged = [...list, ...data.conv_list.filter((c) => !known.has(c.conv_id))];
    pagingOf(client).set(config.name, { next: data.next_cursor, shown: merged.length });
    return merged;
  });
}

/**
 * Whether older conversations remain, and loading the next page of them (one call at a time).
 * Read on each render: the list's data changes whenever this does.
 */
export function useMoreConversations(config: ChatModuleConfig) {
  const client = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // Scroll events come faster than renders: the call in flight is known at once.
  const inFlight = useRef(false);
  const hasMore = pagingOf(client).get(config.name)?.next !== undefined;
  const loadMore = useCallback(() => {
    if (inFlight.current || !pagingOf(client).get(config.name)?.next) return;
    inFlight.current = true;
    setLoading(true);
    setFailed(false);
    loadNextPage(client, config)
      .catch(() => setFailed(true))
      .finally(() => {
        inFlight.current = false;
        setLoading(false);
      });
  }, [client, config]);
  return { hasMore, loading, failed, loadMore };
}
