/**
 * Preloaded into the server of chat-stream-overhead.ts when BENCH_SERVER_TRACE=1: times an
 * askStream inside the server, on the two sides of the model call, with Node's HTTP diagnostics
 * channels (no change to the server). Per askStream it appends one JSON line to TTFT_TRACE_FILE:
 * - `toUpstream`: the request's headers parsed → the model request written to its socket. That
 *   write wakes the upstream's process, and the kernel may run it before the write returns: on a
 *   2-core machine a good part of this time is the upstream's, not the server's.
 * - `toClient`: the last bytes read from the model before the answer's first event → that event
 *   written.
 * What the bench measures beyond these is spent outside the server's code: between processes
 * (loopback, waking a process) and in the client and the fake upstream.
 * The bench asks one question at a time, so one askStream is open when a model request starts.
 */
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';

const target = process.env.TTFT_TRACE_FILE;
let current;

if (target) {
  subscribe('http.server.request.start', ({ request, response }) => {
    if (!request.url?.endsWith('/message/askStream')) return;
    const ask = { start: performance.now() };
    current = ask;
    const write = response.write;
    response.write = function firstWrite(...args) {
      ask.firstWrite = performance.now();
      response.write = write;
      return write.apply(this, args);
    };
    response.once('close', () => {
      if (current === ask) current = undefined;
      // A line for every askStream, in order, so the bench can tell new conversations from follow-ups.
      const since = (from, to) => (from === undefined || to === undefined ? null : to - from);
      const line = {
        toUpstream: since(ask.start, ask.upstreamSent),
        toClient: since(ask.upstreamData, ask.firstWrite),
      };
      appendFileSync(target, `${JSON.stringify(line)}\n`);
    });
  });

  subscribe('http.client.request.start', ({ request }) => {
    const ask = current;
    if (!ask || ask.upstreamStarted) return;
    ask.upstreamStarted = true;
    request.once('finish', () => (ask.upstreamSent = performance.now()));
    // A pooled connection is already the request's when the channel publishes; a new one comes later.
    const follow = (socket) => {
      const onData = () => {
        if (ask.firstWrite === undefined) ask.upstreamData = performance.now();
        else socket.off('data', onData);
      };
      socket.on('data', onData);
      request.once('close', () => socket.off('data', onData));
    };
    if (request.socket) follow(request.socket);
    else request.once('socket', follow);
  });
}
