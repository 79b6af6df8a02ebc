import type { HttpClient } from './http-client';

let client: HttpClient | undefined;

/** The app installs the one HTTP client at startup; feature fetchers reach it through `api`. */
export function setHttpClient(next: HttpClient): void {
  client = next;
}

export function getHttpClient(): HttpClient {
  if (!client) throw new Error('HTTP client used before startup configured it');
  return client;
}

export const api: Pick<HttpClient, 'get' | 'post' | 'onResult' | 'headers' | 'url' | 'repairAuth'> = {
  get: (path, options) => getHttpClient().get(path, options),
  post: (path, body, options) => getHttpClient().post(path, body, options),
  onResult: (listener) => getHttpClient().onResult(listener),
  headers: () => getHttpClient().headers(),
  url: (path, params) => getHttpClient().url(path, params),
  repairAuth: (code) => getHttpClient().repairAuth(code),
};
