import { QueryClient } from '@tanstack/react-query';

/**
 * The page's one query cache. Its own module so that route loaders can start a page's requests
 * together with the page's chunk, before any component renders.
 * The HTTP client already reports failures, so queries do not retry them.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
