/** The module's react-query keys, in one place so invalidation matches. */
export const addbgKeys = {
  all: ['addbg'] as const,
  list: (name: string) => ['addbg', 'list', name] as const,
  process: (workId: string) => ['addbg', 'process', workId] as const,
  works: (projectId: string | null) => ['addbg', 'works', projectId ?? 'all'] as const,
  favorites: () => ['addbg', 'favorites'] as const,
  projects: () => ['addbg', 'projects'] as const,
  photoSets: () => ['addbg', 'photo-sets'] as const,
};
