import type { MarketingCollectListQuery } from '@portal/contract';

/** The module's react-query keys, in one place so invalidation matches. */
export const marketingKeys = {
  all: ['marketing'] as const,
  conversations: () => ['marketing', 'conversations'] as const,
  detail: (convId: string) => ['marketing', 'detail', convId] as const,
  collections: () => ['marketing', 'collections'] as const,
  collectList: (query: MarketingCollectListQuery) => ['marketing', 'collections', 'list', query] as const,
  collectTotal: () => ['marketing', 'collections', 'total'] as const,
  attachmentStatus: (fileIds: readonly string[]) => ['marketing', 'attachments', ...fileIds] as const,
};
