import type { ProviderConfig } from './config';
import { ProviderHttp } from './provider-http';

export type Env = Record<string, string | undefined>;

/** Local servers such as Ollama or vLLM accept any key; a Bearer header is sent all the same. */
const NO_KEY = 'not-needed';

export function headersFromEnv(mapping: Record<string, string>, env: Env): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, variable] of Object.entries(mapping)) {
    const value = env[variable];
    if (value) headers[name] = value;
  }
  return headers;
}

/**
 * Headers of every call to a provider, names in lower case so that a configured header (an
 * `authorization` of its own, say) replaces the default rather than being sent beside it.
 */
export function providerHeaders(config: ProviderConfig, env: Env): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': 'portal-server',
    authorization: `Bearer ${(config.apiKeyEnv && env[config.apiKeyEnv]) || NO_KEY}`,
  };
  for (const [name, value] of Object.entries({ ...config.headers, ...headersFromEnv(config.headersFromEnv, env) })) {
    headers[name.toLowerCase()] = value;
  }
  return headers;
}

/** One transport per provider, created on first use and reused so connections stay alive. */
export class ProviderClients {
  private readonly clients = new Map<string, ProviderHttp>();

  constructor(
    private readonly providers: Record<string, ProviderConfig>,
    private readonly env: Env,
  ) {}

  get(name: string): ProviderHttp {
    let client = this.clients.get(name);
    if (!client) {
      const config = this.providers[name];
      if (!config) throw new Error(`provider "${name}" is not configured`);
      client = new ProviderHttp(config, providerHeaders(config, this.env));
      this.clients.set(name, client);
    }
    return client;
  }
}
