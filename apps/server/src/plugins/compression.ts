import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Smaller bodies gain less than the compression costs. */
const THRESHOLD_BYTES = 1024;
const EVENT_STREAM = /^text\/event-stream/i;

/**
 * Compresses API responses (JSON above 1 KB) by the request's Accept-Encoding. Built web assets
 * are not compressed here: the build ships `.br`/`.gz` copies and the static plugin sends those.
 *
 * Event streams are never compressed: a compressor buffers, so tokens would arrive in bursts or
 * only at the end. The chat stream writes on the raw response after `reply.hijack()`, which no
 * onSend hook sees; a stream sent through `reply.send` with that content type is excluded too,
 * through the plugin's documented `x-no-compression` request marker (mime-db calls
 * text/event-stream compressible, and `customTypes` can only add types).
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (EVENT_STREAM.test(String(reply.getHeader('content-type') ?? ''))) {
        request.headers['x-no-compression'] = '1';
      }
      return payload;
    });
    await app.register(compress, {
      global: true,
      threshold: THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // Request bodies are small JSON; accepting compressed ones would only open a zip-bomb door.
      globalDecompression: false,
    });
  },
  { name: 'compression', fastify: '5.x' },
);
