import OpenAI from 'openai';
import type { ProviderConfig } from './config';

export type Env = Record<string, string | undefined>;

/** Local servers such as Ollama or vLLM accept any key; the SDK still wants a non-empty one. */
const NO_KEY = 'not-needed';

export function headersFromEnv(mapping: Record<string, string>, env: Env): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, variable] of Object.entries(mapping)) {
    const value = env[variable];
    if (value) headers[name] = value;
  }
  return headers;
}

export function createProviderClient(config: ProviderConfig, env: Env): OpenAI {
  return new OpenAI({
    baseURL: config.baseUrl,
    apiKey: (config.apiKeyEnv && env[config.apiKeyEnv]) || NO_KEY,
    defaultHeaders: { ...config.headers, ...headersFromEnv(config.headersFromEnv, env) },
    defaultQuery: config.query,
    timeout: config.timeoutMs,
    // Retries are decided by the gateway: only before anything streamed, only for transient failures.
    maxRetries: 0,
  });
}

/** One client per provider, created on first use and reused so connections stay alive. */
export class ProviderClients {
  private readonly clients = new Map<string, OpenAI>();

  constructor(
    private readonly providers: Record<string, ProviderConfig>,
    private readonly env: Env,
  ) {}

  get(name: string): OpenAI {
    let client = this.clients.get(name);
    if (!client) {
      const config = this.providers[name];
      if (!config) throw new Error(`provider "${name}" is not configured`);
      client = createProviderClient(config, this.env);
      this.clients.set(name, client);
    }
    return client;
  }
}
