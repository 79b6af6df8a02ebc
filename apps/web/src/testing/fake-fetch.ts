export interface RecordedRequest {
  method: string;
  url: URL;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeReply = { status?: number; json?: unknown; text?: string } | Error;
export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

/** A fetch that answers from a handler and records every request; no network. */
export function createFakeFetch(handler: FakeHandler) {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://portal.test');
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      path: url.pathname,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const reply = await handler(request);
    if (reply instanceof Error) throw reply;
    if (reply.text !== undefined) return new Response(reply.text, { status: reply.status ?? 200 });
    return new Response(JSON.stringify(reply.json), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  };
  return {
    fetch: fetchImpl as typeof fetch,
    requests,
    calls: (path: string) => requests.filter((r) => r.path === path),
  };
}

export const ok = (data: unknown = null): FakeReply => ({ json: { code: 0, message: 'ok', data } });
export const fail = (code: number, message = `error ${code}`, status = 400): FakeReply => ({
  status,
  json: { code, message, data: null },
});
