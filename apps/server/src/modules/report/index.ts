import fp from 'fastify-plugin';
import { FileScopedRetrieval } from '../../services/documents';
import type { ServerModule } from '../module';
import { ReportAskService } from './ask-service';
import { ReportConversationStore } from './conversation-store';
import { ReportLibrary } from './library';
import { reportRoutes } from './routes';

/** Passages cited for one question. */
const TOP_K = 6;

function createReportServices(app: Parameters<ServerModule['plugin']>[0]) {
  const { llm, answers, documents } = app.services;
  const library = new ReportLibrary(app.db, documents);
  const conversations = new ReportConversationStore(app.db);
  const retrieval = new FileScopedRetrieval(app.db);
  const asks = new ReportAskService(llm, library, conversations, retrieval, answers, TOP_K);
  return { library, conversations, retrieval, asks };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The industry report library and its conversations (行业分析报告). */
    reportLibrary: ReturnType<typeof createReportServices>;
  }
}

/** 行业分析报告 of section 7: the report library, conversations with cited answers, analyst tools. */
const report: ServerModule = {
  name: 'report',
  plugin: fp(
    async (app) => {
      const services = createReportServices(app);
      app.decorate('reportLibrary', services);
      app.services.answers.registerStore(services.conversations);
      await app.register(reportRoutes, { prefix: '/api/report' });
    },
    { name: 'report-module', dependencies: ['services'], fastify: '5.x' },
  ),
};

export default report;
