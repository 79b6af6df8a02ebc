import fp from 'fastify-plugin';
import { FileScopedRetrieval } from '../../services/documents';
import { UsageService } from '../../services/usage';
import type { ServerModule } from '../module';
import { ReportAskService } from './ask-service';
import { ReportBriefService } from './brief-service';
import { ReportCompareService } from './compare-service';
import { reportUsageDefaults } from './config';
import { ReportConversationStore } from './conversation-store';
import { ReportLibrary } from './library';
import { reportRoutes } from './routes';
import { StructuredWriter } from './structured-writer';

/** Passages cited for one question. */
const TOP_K = 6;

function createReportServices(app: Parameters<ServerModule['plugin']>[0]) {
  const { llm, answers, documents, quotas } = app.services;
  const config = app.portalConfig.report;
  const library = new ReportLibrary(app.db, documents);
  const conversations = new ReportConversationStore(app.db);
  const retrieval = new FileScopedRetrieval(app.db, documents.retrieval);
  const usage = new UsageService(app.db, reportUsageDefaults(config), quotas);
  const asks = new ReportAskService(llm, library, conversations, retrieval, answers, usage, config, TOP_K);
  const writer = new StructuredWriter(llm, conversations, answers, config);
  const briefs = new ReportBriefService(llm, conversations, retrieval, asks, usage, writer);
  const comparisons = new ReportCompareService(llm, library, conversations, retrieval, usage, writer);
  return { library, conversations, retrieval, usage, asks, briefs, comparisons };
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
  usage: { modules: ['report'], defaults: (config) => reportUsageDefaults(config.report) },
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
