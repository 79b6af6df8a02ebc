import type { IncomingHttpHeaders } from 'node:http';
import { constants, createBrotliCompress, createGzip, type BrotliOptions } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller bodies gain less than the compression costs. */
const THRESHOLD_BYTES = 1024;
const EVENT_STREAM = /^text\/event-stream/i;
/** Quality 4 (the plugin's default too): 11 costs many times the CPU for a few percent. */
const BROTLI_OPTIONS: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/**
 * Types worth compressing, for answers sent without the plugin (the embedded tools' fast proxy):
 * the plugin's own default pattern plus the scripts, fonts and WebAssembly a tool's frontend
 * serves, which the plugin finds compressible through mime-db.
 */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|[+/](json|text|xml)(;|$)|octet-stream(;|$)|^application\/(javascript|ecmascript|wasm)(;|$)|^font\/(ttf|otf)(;|$)|^application\/vnd\.ms-fontobject(;|$)/i;

/** The encoding the browser takes best of Brotli and gzip (`*` and `x-gzip` as gzip), as the plugin picks it. */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  let best: 'br' | 'gzip' | undefined;
  let bestQ = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((p) => p.trim());
    const name = token === 'br' ? 'br' : token === 'gzip' || token === 'x-gzip' || token === '*' ? 'gzip' : undefined;
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    // Equal weights go to Brotli, the plugin's first choice.
    if (weight > bestQ || (weight === bestQ && weight > 0 && name === 'br')) {
      best = name;
      bestQ = weight;
    }
  }
  return bestQ > 0 ? best : undefined;
}

/**
 * How an answer streamed without the plugin is compressed, by the same rules: the browser accepts
 * it, the type is compressible, nothing encoded it already, and its length is unknown or at least
 * the threshold. Undefined: sent as it is.
 */
export function compressionOf(
  request: IncomingHttpHeaders,
  answer: { 'content-type'?: string; 'content-encoding'?: string; 'content-length'?: string },
): 'br' | 'gzip' | undefined {
  const encoded = answer['content-encoding'];
  if (encoded && encoded !== 'identity') return undefined;
  if (!COMPRESSIBLE.test(answer['content-type'] ?? 'application/json')) return undefined;
  const length = answer['content-length'];
  if (length !== undefined && Number(length) < THRESHOLD_BYTES) return undefined;
  return acceptedEncoding(request['accept-encoding']);
}

/** The compressing stream of an encoding chosen by `compressionOf`, with the plugin's settings. */
export function compressor(encoding: 'br' | 'gzip') {
  return encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip();
}

/**
 * A stream whose length is known and below the threshold (a proxied tool's small JSON): the
 * plugin applies its threshold to buffers and strings only and compresses every stream, and
 * setting up a Brotli encoder for a few dozen bytes cost more CPU than the rest of the request.
 */
function smallStream(payload: unknown, reply: FastifyReply): boolean {
  if (typeof (payload as { pipe?: unknown } | null)?.pipe !== 'function') return false;
  const length = Number(reply.getHeader('content-length'));
  return Number.isInteger(length) && length < THRESHOLD_BYTES;
}

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
      if (EVENT_STREAM.test(String(reply.getHeader('content-type') ?? '')) || smallStream(payload, reply)) {
        request.headers['x-no-compression'] = '1';
      }
      return payload;
    });
    await app.register(compress, {
      global: true,
      threshold: THRESHOLD_BYTES,
      brotliOptions: BROTLI_OPTIONS,
      encodings: ['br', 'gzip'],
      // Request bodies are small JSON; accepting compressed ones would only open a zip-bomb door.
      globalDecompression: false,
    });
  },
  { name: 'compression', fastify: '5.x' },
);
