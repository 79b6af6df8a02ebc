/** The module's react-query keys, in one place so invalidation matches. */
export const redKeys = {
  all: ['red'] as const,
  projects: () => ['red', 'projects'] as const,
  subscriptions: () => ['red', 'subscriptions'] as const,
  brands: (projectId: number) => ['red', 'brands', projectId] as const,
  selectList: () => ['red', 'select-list'] as const,
  insight: (name: string, query: unknown) => ['red', 'insight', name, query] as const,
  note: (noteId: string) => ['red', 'note', noteId] as const,
  collections: (query: unknown) => ['red', 'collections', query] as const,
  rank: (name: string, query?: unknown) => ['red', 'rank', name, query] as const,
  importStatus: (jobId: string) => ['red', 'import', jobId] as const,
};
