import { createContext, useContext, type ReactNode } from 'react';

/** Fetches the server's image proxy with the user's credentials and returns the image bytes. */
export type FetchProxied = (proxyPath: string) => Promise<Blob>;

const SmartImageContext = createContext<FetchProxied | undefined>(undefined);

export function SmartImageProvider({ fetchProxied, children }: { fetchProxied: FetchProxied; children: ReactNode }) {
  return <SmartImageContext.Provider value={fetchProxied}>{children}</SmartImageContext.Provider>;
}

export function useFetchProxied(): FetchProxied | undefined {
  return useContext(SmartImageContext);
}

/** The proxy call of section 7: the original address travels as the `url` query parameter. */
export function imageProxyPath(url: string): string {
  return `/api/image/proxy?url=${encodeURIComponent(url)}`;
}
