import type OpenAI from 'openai';
import type { EmbeddingsConfig, Env, ProviderConfig } from '../llm';

/** Turns texts into vectors with the configured OpenAI-compatible `/embeddings` endpoint. */
export class Embedder {
  private client: Promise<OpenAI> | undefined;

  constructor(
    readonly config: EmbeddingsConfig,
    private readonly endpoint: ProviderConfig,
    private readonly env: Env = process.env,
  ) {}

  /** The SDK is loaded on the first embedding, so that a server that only chats never loads it. */
  private sdk(): Promise<OpenAI> {
    this.client ??= import('../llm/sdk-client').then(({ createProviderClient }) =>
      createProviderClient(this.endpoint, this.env),
    );
    return this.client;
  }

  get model(): string {
    return this.config.model;
  }

  /** One vector per text, in order; a reply of the wrong shape is an error, never stored. */
  async embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    if (texts.length === 0) return [];
    const client = await this.sdk();
    const res = await client.embeddings.create(
      { model: this.config.model, input: [...texts], encoding_format: 'float' },
      { signal },
    );
    const vectors = [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    if (vectors.length !== texts.length || vectors.some((v) => v.length !== this.config.dimensions)) {
      throw new Error(
        `the embedding model answered ${vectors.length} vectors of ${vectors[0]?.length ?? 0} dimensions ` +
          `for ${texts.length} texts; ${this.config.dimensions} dimensions are configured`,
      );
    }
    return vectors;
  }

  /** Vectors for many texts, `batchSize` per request. */
  async embedAll(texts: readonly string[]): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += this.config.batchSize) {
      out.push(...(await this.embed(texts.slice(i, i + this.config.batchSize))));
    }
    return out;
  }
}
