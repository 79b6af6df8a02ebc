import type { IncomingHttpHeaders } from 'node:http';
import { jsonAnswer, parseJson, type ToolAnswer, type ToolClient } from '../tool-client';
import { userClientId } from './client-id';
import {
  filterHistory,
  filterQueue,
  historyFiles,
  historyPromptIds,
  outputFiles,
  queuePromptIds,
  viewedFile,
} from './comfy-shapes';
import type { ComfyOwnership } from './ownership-store';

export interface ComfyRequest {
  userId: number;
  method: string;
  /** Path and query as the tool would see them (`/history?max_items=5`, `/api/view?…`). */
  path: string;
  headers?: IncomingHttpHeaders;
  body?: Buffer;
}

/** Paths that act on everyone's work and have no per-user form: refused. */
const REFUSED = /^\/free(\/|$)/;
/** ComfyUI's jobs (`/jobs`, `/jobs/{id}`): read per user; anything that would change them is refused. */
const JOBS = /^\/jobs(\/|$)/;
const JOB_ITEM = /^\/jobs\/([^/]+)$/;
/** ComfyUI's terminal log (`/internal/logs`, `/internal/logs/raw`): every user's errors and paths. */
const INTERNAL_LOGS = /^\/internal\/logs(\/raw)?$/;
/** `/internal/files/{output|input|temp}`: the names of every file in one of ComfyUI's folders. */
const INTERNAL_FILES = /^\/internal\/files\/([^/]+)$/;
/** The folders `/internal/files/` lists. */
const FOLDERS = ['output', 'input', 'temp'];
/** One prompt's history, as ComfyUI's `/history/{prompt_id}` matches it (one non-empty segment). */
const HISTORY_ITEM = /^\/history\/[^/]+$/;

interface GatewayRoute {
  /** The methods it answers; 'any' for every method. */
  methods: readonly string[] | 'any';
  pattern: RegExp;
  answer: (
    gateway: ComfyGateway,
    req: ComfyRequest,
    match: RegExpExecArray,
    query: URLSearchParams,
  ) => ToolAnswer | Promise<ToolAnswer>;
}

const refused = () => jsonAnswer(403, { error: '门户中不能执行此操作（会影响其他用户）' });

/**
 * ComfyUI's global endpoints, made per user. Everything else passes through untouched (the
 * frontend, node definitions, models lists). Returns undefined for a path it does not handle.
 * ComfyUI serves every route also under `/api`, so both spellings are handled alike.
 */
export class ComfyGateway {
  constructor(
    private readonly tool: ToolClient,
    private readonly ownership: ComfyOwnership,
  ) {}

  /**
   * Every route the gateway answers, in the order they are tried (paths without `/api`): the one
   * list that both `handles` and `handle` read, and that odd spellings are checked against.
   */
  private static readonly routes: readonly GatewayRoute[] = [
    { methods: 'any', pattern: REFUSED, answer: () => refused() },
    { methods: ['GET'], pattern: /^\/jobs$/, answer: (g, req, _m, query) => g.jobs(req, query) },
    { methods: ['GET'], pattern: JOB_ITEM, answer: (g, req, m) => g.job(req, decodeURIComponent(m[1]!)) },
    {
      methods: 'any',
      pattern: JOBS,
      answer: (_g, req) => (req.method === 'GET' ? jsonAnswer(404, { error: '请求的地址不存在' }) : refused()),
    },
    { methods: ['GET'], pattern: /^\/history$/, answer: (g, req) => g.history(req) },
    {
      methods: ['GET'],
      pattern: HISTORY_ITEM,
      answer: (g, req, m) => g.historyItem(req, decodeURIComponent(m[0].slice('/history/'.length))),
    },
    { methods: ['GET'], pattern: /^\/queue$/, answer: (g, req) => g.queue(req) },
    { methods: ['GET'], pattern: /^\/view$/, answer: (g, req, _m, query) => g.view(req, query) },
    { methods: ['GET'], pattern: INTERNAL_LOGS, answer: (_g, _req, m) => internalLog(m[0]) },
    { methods: ['GET'], pattern: INTERNAL_FILES, answer: (g, req, m) => g.folderFiles(req, decodeURIComponent(m[1]!)) },
    // The log is never sent on the socket (comfy-ws-filter.ts): subscribing changes nothing.
    {
      methods: ['PATCH'],
      pattern: /^\/internal\/logs\/subscribe$/,
      answer: () => ({ status: 200, contentType: 'text/plain', body: Buffer.alloc(0) }),
    },
    { methods: ['POST'], pattern: /^\/prompt$/, answer: (g, req) => g.prompt(req) },
    {
      methods: ['POST'],
      pattern: /^\/(history|queue)$/,
      answer: (g, req, m) => g.clearOrDelete(req, m[0] as '/history' | '/queue'),
    },
    { methods: ['POST'], pattern: /^\/interrupt$/, answer: (g, req) => g.interrupt(req) },
    { methods: ['POST'], pattern: /^\/upload\/(image|mask)$/, answer: (g, req) => g.upload(req) },
  ];

  /** Whether a route (without `/api` and query) is one of the gateway's, for any method. */
  static isRoute(route: string): boolean {
    return ComfyGateway.routes.some((entry) => entry.pattern.test(route));
  }

  private static find(method: string, route: string) {
    for (const entry of ComfyGateway.routes) {
      if (entry.methods !== 'any' && !entry.methods.includes(method)) continue;
      const match = entry.pattern.exec(route);
      if (match) return { entry, match };
    }
    return undefined;
  }

  /**
   * Whether the gateway answers this path itself (the tool path as read by path-guard.ts, with
   * or without `/api`). HEAD is GET without the body, as for ComfyUI and Fastify.
   */
  handles(method: string, path: string): boolean {
    return ComfyGateway.find(method === 'HEAD' ? 'GET' : method, routeOf(path)) !== undefined;
  }

  /** Answers a request {@link handles} accepts; anything else is not found, never passed on unfiltered. */
  async handle(req: ComfyRequest): Promise<ToolAnswer> {
    const found = ComfyGateway.find(req.method, routeOf(req.path));
    if (!found) return jsonAnswer(404, { error: '没有这个接口' });
    const query = new URLSearchParams(req.path.split('?')[1] ?? '');
    return found.entry.answer(this, req, found.match, query);
  }

  private forward(req: ComfyRequest, path = req.path, body: Buffer | string | undefined = req.body) {
    return this.tool.call({ userId: req.userId, method: req.method, path, headers: req.headers, body });
  }

  private async history(req: ComfyRequest): Promise<ToolAnswer> {
    const answer = await this.forward(req);
    const history = parseJson(answer.body);
    if (answer.status !== 200 || history === undefined) return answer;
    const owned = await this.ownership.ownedOf(req.userId, historyPromptIds(history));
    const mine = filterHistory(history, owned);
    await this.ownership.recordFiles(req.userId, historyFiles(mine));
    return jsonAnswer(200, mine);
  }

  private async historyItem(req: ComfyRequest, promptId: string): Promise<ToolAnswer> {
    // Another user's prompt answers like an unknown one: an empty history.
    if (!(await this.ownership.owns(req.userId, promptId))) return jsonAnswer(200, {});
    return this.history(req);
  }

  private async queue(req: ComfyRequest): Promise<ToolAnswer> {
    const answer = await this.forward(req);
    const queue = parseJson(answer.body);
    if (answer.status !== 200 || queue === undefined) return answer;
    const owned = await this.ownership.ownedOf(req.userId, queuePromptIds(queue));
    return jsonAnswer(200, filterQueue(queue, owned));
  }

  private async view(req: ComfyRequest, query: URLSearchParams): Promise<ToolAnswer> {
    const file = viewedFile(query);
    if (!file || !(await this.ownership.ownsFile(req.userId, file))) {
      return { status: 404, contentType: 'text/plain', body: Buffer.from('Not Found') };
    }
    return this.forward(req);
  }

  /**
   * The caller's jobs, paged here: ComfyUI pages everyone's, so it is asked for all of them (same
   * filters and order) and the page is cut from the caller's. Their previews become theirs to view.
   */
  private async jobs(req: ComfyRequest, query: URLSearchParams): Promise<ToolAnswer> {
    const offset = Math.max(0, Number.parseInt(query.get('offset') ?? '0', 10) || 0);
    const limitText = query.get('limit');
    const limit = limitText === null ? undefined : Number.parseInt(limitText, 10);
    if (limit !== undefined && !(limit > 0)) return jsonAnswer(400, { error: 'limit must be a positive integer' });
    const all = new URLSearchParams(query);
    all.delete('offset');
    all.delete('limit');
    const [path] = req.path.split('?', 1);
    const listed = all.size > 0 ? `${path}?${all}` : path!;
    const answer = await this.forward(req, listed);
    const body = parseJson(answer.body);
    if (answer.status !== 200 || !isObject(body) || !Array.isArray(body.jobs)) return answer;
    const jobs = body.jobs.filter(isObject);
    const owned = await this.ownership.ownedOf(
      req.userId,
      jobs.flatMap((job) => (typeof job.id === 'string' ? [job.id] : [])),
    );
    const mine = jobs.filter((job) => typeof job.id === 'string' && owned.has(job.id));
    const page = mine.slice(offset, limit === undefined ? undefined : offset + limit);
    await this.ownership.recordFiles(
      req.userId,
      page.flatMap((job) => outputFiles({ preview: [job.preview_output] })),
    );
    return jsonAnswer(200, {
      jobs: page,
      pagination: { offset, limit: limit ?? null, total: mine.length, has_more: offset + page.length < mine.length },
    });
  }

  /** One of the caller's jobs (another's answers like an unknown one); its outputs become theirs to view. */
  private async job(req: ComfyRequest, jobId: string): Promise<ToolAnswer> {
    if (!(await this.ownership.owns(req.userId, jobId))) return jsonAnswer(404, { error: 'Job not found' });
    const answer = await this.forward(req);
    const job = parseJson(answer.body);
    if (answer.status === 200 && isObject(job)) {
      await this.ownership.recordFiles(req.userId, [
        ...outputFiles({ preview: [job.preview_output] }),
        ...(isObject(job.outputs) ? Object.values(job.outputs).flatMap(outputFiles) : []),
      ]);
    }
    return answer;
  }

  /** A folder's file list with only the caller's files (names, or `full_info` objects with a name). */
  private async folderFiles(req: ComfyRequest, kind: string): Promise<ToolAnswer> {
    if (!FOLDERS.includes(kind)) return jsonAnswer(404, { error: '请求的地址不存在' });
    const answer = await this.forward(req);
    const listed = parseJson(answer.body);
    if (answer.status !== 200 || !Array.isArray(listed)) return answer;
    const mine = await this.ownership.fileNamesIn(req.userId, kind);
    const nameOf = (entry: unknown) =>
      typeof entry === 'string' ? entry : isObject(entry) && typeof entry.name === 'string' ? entry.name : undefined;
    return jsonAnswer(
      200,
      listed.filter((entry) => mine.has(nameOf(entry) ?? '')),
    );
  }

  private async prompt(req: ComfyRequest): Promise<ToolAnswer> {
    const body = parseJson(req.body);
    if (!isObject(body)) return jsonAnswer(400, { error: '请求体必须是 JSON 对象', node_errors: [] });
    // The id, queue position and jump-ahead are the portal's to decide, not the caller's.
    const { prompt_id: _id, number: _number, front: _front, ...rest } = body;
    const extra = isObject(rest.extra_data) ? rest.extra_data : {};
    const clientId = userClientId(req.userId, typeof rest.client_id === 'string' ? rest.client_id : undefined);
    const forwarded = { ...rest, client_id: clientId, extra_data: { ...extra, client_id: clientId } };
    const answer = await this.forward(req, req.path, JSON.stringify(forwarded));
    const queued = parseJson(answer.body);
    if (answer.status === 200 && isObject(queued) && typeof queued.prompt_id === 'string') {
      await this.ownership.recordPrompt(req.userId, queued.prompt_id);
    }
    return answer;
  }

  /** `{clear: true}` clears only the caller's items; `{delete: [...]}` deletes only the caller's. */
  private async clearOrDelete(req: ComfyRequest, route: '/history' | '/queue'): Promise<ToolAnswer> {
    const body = parseJson(req.body);
    if (!isObject(body)) return jsonAnswer(400, { error: '请求体必须是 JSON 对象' });
    const requested = Array.isArray(body.delete)
      ? body.delete.filter((id): id is string => typeof id === 'string')
      : [];
    let ids = [...(await this.ownership.ownedOf(req.userId, requested))];
    if (body.clear === true) {
      const listed = await this.tool.call({ userId: req.userId, method: 'GET', path: route });
      const all = parseJson(listed.body);
      const candidates =
        route === '/history'
          ? historyPromptIds(all)
          : isObject(all) && Array.isArray(all.queue_pending)
            ? queuePromptIds({ queue_pending: all.queue_pending })
            : [];
      ids = [...new Set([...ids, ...(await this.ownership.ownedOf(req.userId, candidates))])];
    }
    if (ids.length === 0) return { status: 200, contentType: 'text/plain', body: Buffer.alloc(0) };
    return this.forward(req, req.path, JSON.stringify({ delete: ids }));
  }

  /** Without a prompt id ComfyUI would stop whoever runs now: the id is required and must be the caller's. */
  private async interrupt(req: ComfyRequest): Promise<ToolAnswer> {
    const body = parseJson(req.body);
    const promptId = isObject(body) && typeof body.prompt_id === 'string' ? body.prompt_id : undefined;
    if (!promptId) return jsonAnswer(400, { error: '请指定要中断的 prompt_id' });
    if (!(await this.ownership.owns(req.userId, promptId))) return jsonAnswer(404, { error: '没有这个任务' });
    return this.forward(req, req.path, JSON.stringify({ prompt_id: promptId }));
  }

  /** Uploads pass through; the stored name becomes the caller's, so `/view` shows it to them only. */
  private async upload(req: ComfyRequest): Promise<ToolAnswer> {
    const answer = await this.forward(req);
    const stored = parseJson(answer.body);
    if (answer.status === 200 && isObject(stored) && typeof stored.name === 'string') {
      await this.ownership.recordFiles(req.userId, [
        {
          filename: stored.name,
          subfolder: typeof stored.subfolder === 'string' ? stored.subfolder : '',
          kind: typeof stored.type === 'string' ? stored.type : 'input',
        },
      ]);
    }
    return answer;
  }
}

/** ComfyUI's terminal log is the whole server's: every user gets an empty one, in its shapes. */
function internalLog(route: string): ToolAnswer {
  return route.endsWith('/raw') ? jsonAnswer(200, { entries: [], size: { cols: 80, rows: 24 } }) : jsonAnswer(200, '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a tool path spells one of the gateway's routes other than the way ComfyUI and the
 * portal's router both match it: in other letter case, with doubled or trailing slashes, or with
 * `%2F` (which older aiohttp and proxies before ComfyUI decode). Such a path is refused rather
 * than passed on, so the gateway never has to guess which route the tool will take it for.
 */
export function oddGatewaySpelling(path: string): boolean {
  const exact = routeOf(path);
  if (ComfyGateway.isRoute(exact)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.split('?', 1)[0] ?? '');
  } catch {
    return true;
  }
  let loose = decoded
    .split(/[?#]/, 1)[0]!
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
  if (loose === '/api' || loose.startsWith('/api/')) loose = loose.slice(4);
  return ComfyGateway.isRoute(loose);
}

/** The path without its query and without ComfyUI's optional `/api` prefix. */
export function routeOf(path: string): string {
  const bare = path.split('?', 1)[0] ?? '/';
  return bare.startsWith('/api/') ? bare.slice(4) : bare;
}
