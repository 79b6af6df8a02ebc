import type { LlmChunk } from '../llm';

/**
 * A model call started before its answer's run: the first chunk is asked for at once, so the
 * request to the provider is on its way while the question is still being stored. The run then
 * reads the chunks from here (`AnswerRunner.run` with this `controller`), and a question that is
 * refused cancels the call before anything of it reached the client.
 */
export class EarlyGeneration implements AsyncIterable<LlmChunk> {
  /** Stops the call: the run's stop, or a refused question. */
  readonly controller = new AbortController();
  private readonly iterator: AsyncIterator<LlmChunk>;
  private first: Promise<IteratorResult<LlmChunk>> | undefined;

  constructor(generate: (signal: AbortSignal) => AsyncIterable<LlmChunk>) {
    this.iterator = generate(this.controller.signal)[Symbol.asyncIterator]();
    this.first = this.iterator.next();
    // Observed here so that a call failing before the run reads it is not an unhandled rejection;
    // the run still gets the failure from the promise it is handed.
    this.first.catch(() => undefined);
  }

  cancel(): void {
    this.controller.abort();
  }

  [Symbol.asyncIterator](): AsyncIterator<LlmChunk> {
    return {
      next: () => {
        const first = this.first;
        this.first = undefined;
        return first ?? this.iterator.next();
      },
      return: (value?: unknown) =>
        this.iterator.return?.(value) ?? Promise.resolve({ done: true as const, value: undefined }),
    };
  }
}
