import OpenAI from 'openai';
import { headersFromEnv, type Env } from './clients';
import type { ProviderConfig } from './config';

/** Local servers such as Ollama or vLLM accept any key; the SDK still wants a non-empty one. */
const NO_KEY = 'not-needed';

/**
 * An OpenAI SDK client for a provider, for the calls that are not streamed answers (embeddings).
 * Import this module lazily: the SDK is large and the chat path does not need it.
 */
export function createProviderClient(config: ProviderConfig, env: Env): OpenAI {
  return new OpenAI({
    baseURL: config.baseUrl,
    apiKey: (config.apiKeyEnv && env[config.apiKeyEnv]) || NO_KEY,
    defaultHeaders: { ...config.headers, ...headersFromEnv(config.headersFromEnv, env) },
    defaultQuery: config.query,
    timeout: config.timeoutMs,
    // Retries are decided by the caller.
    maxRetries: 0,
  });
}
