import { ErrorCode, searchEndpoints as ep } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import { serve } from '../../lib/serve-endpoint';
import type { SearchServiceParts } from './service-parts';
import { toSource } from './execution-store';
import { requireCaller } from './guard';
import { streamExecution } from './stream';
import { SEARCH_APP_ID, WORKFLOWS } from './workflows';

const toMillis = (d: Date) => d.getTime();

/** Every call of the search service; both tokens and the domain were checked by the gate. */
export function searchRoutes(parts: SearchServiceParts): FastifyPluginAsync {
  const { sessions, executions, store, parses, tokens } = parts;
  return async (app) => {
    serve(app, ep.login, async ({ body, request }) => {
      const caller = requireCaller(request);
      // A token only for the person presenting the portal token (it is issued to their id): the
      // body must name them — their mobile, empty for an account without one, and their name.
      if (body.mobile !== caller.mobile || body.name !== caller.userName) {
        throw new AppError(ErrorCode.forbidden, '身份信息与当前登录账号不一致');
      }
      return tokens.issue(caller.id);
    });

    serve(app, ep.sessionList, async ({ query, request }) => {
      const dois = query.app_dois_str
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const { rows, total } = await sessions.list(requireCaller(request).id, dois, query.page_index, query.page_size);
      return {
        total,
        session_list: rows.map((r) => ({
          session_id: r.id,
          session_name: r.name,
          exec_id: r.execId,
          app_doi: r.appDoi,
          create_time: toMillis(r.createdAt),
          update_time: toMillis(r.updatedAt),
        })),
      };
    });

    serve(app, ep.sessionAdd, async ({ body, request }) => {
      if (body.app_doi !== SEARCH_APP_ID) throw new AppError(ErrorCode.validation, '未知的应用');
      const row = await sessions.add(requireCaller(request).id, body.app_doi, body.session_name || '新的研究');
      return { session_id: row.id, session_name: row.name };
    });

    serve(app, ep.sessionEdit, async ({ body, request }) => {
      const n = await sessions.rename(requireCaller(request).id, body);
      if (n < body.length) throw resourceGone();
      return null;
    });

    serve(app, ep.sessionDel, async ({ query, request }) => {
      if (!(await sessions.remove(requireCaller(request).id, query.session_id))) throw resourceGone();
      return null;
    });

    serve(app, ep.chatHistory, async ({ query, request }) => {
      const session = await sessions.get(requireCaller(request).id, query.session_id);
      if (!session) throw resourceGone();
      const rows = await sessions.history(session.id);
      return {
        list: rows.map((r) => ({
          message_id: String(r.id),
          message_content: r.content,
          initiator_type: r.initiator,
          session_id: r.sessionId,
          exec_id: r.execId,
          create_time: toMillis(r.createdAt),
          delete_status: 'NORMAL' as const,
        })),
      };
    });

    serve(app, ep.workflowList, async ({ query }) => {
      if (query.app_doi !== SEARCH_APP_ID) throw new AppError(ErrorCode.validation, '未知的应用');
      return { app_id: SEARCH_APP_ID, app_workflow_list: [...WORKFLOWS] };
    });

    serve(app, ep.init, async ({ query, request }) => ({
      execution_id: await executions.init(requireCaller(request).id, query.session_id, query.app_id, query.workflow_id),
    }));

    serve(app, ep.runStep, async ({ body, request }) =>
      executions.runStep(requireCaller(request).id, body.execution_id, { query: body.query, plan: body.plan }),
    );

    serve(app, ep.stream, async ({ query, request, reply }) => {
      const userId = requireCaller(request).id;
      const first = await executions.get(userId, query.execution_id);
      const maxMs = (first.budget.max_seconds + 60) * 1000;
      await streamExecution(reply, request.id, () => executions.result(userId, query.execution_id), maxMs);
      return reply;
    });

    serve(app, ep.result, async ({ query, request }) =>
      executions.result(requireCaller(request).id, query.execution_id),
    );

    serve(app, ep.interrupt, async ({ query, request }) =>
      executions.interrupt(requireCaller(request).id, query.execution_id),
    );

    serve(app, ep.sources, async ({ query, request }) => {
      const row = await executions.get(requireCaller(request).id, query.execution_id);
      return { list: (await store.sources(row.id)).map(toSource) };
    });

    serve(app, ep.summary, async ({ query, request }) => {
      const row = await executions.get(requireCaller(request).id, query.execution_id);
      return { summary: row.summary ?? '', citations: row.citations ?? [], mode: row.summaryMode ?? 'extractive' };
    });

    serve(app, ep.mindNotes, async ({ query, request }) => {
      const row = await executions.get(requireCaller(request).id, query.execution_id);
      return { root: row.mind ?? { title: row.query, children: [] }, markdown: row.mindMarkdown ?? '' };
    });

    serve(app, ep.docParse, async ({ body, request }) => {
      const userId = requireCaller(request).id;
      const session = await sessions.get(userId, body.session_id);
      if (!session) throw resourceGone();
      return body.url ? parses.addUrl(userId, session.id, body.url) : parses.addFile(userId, session.id, body.file_id!);
    });

    serve(app, ep.docParseInfo, async ({ query, request }) => parses.info(requireCaller(request).id, query.parse_id));
  };
}
