import type { Db } from '../../db/client';
import type { JobQueue } from '../../services/jobs';
import type { LlmGateway } from '../../services/llm';
import type { ObjectStore } from '../../services/storage/object-store';
import type { RedConfig } from './config';
import { DailyAggregates } from './daily-aggregates';
import { DictionaryStore } from './dictionary-store';
import { ImportService } from './import/import-service';
import { InsightService } from './insight-service';
import { ModelAnalysis } from './model-analysis';
import { NoteService } from './note-service';
import { ProjectService } from './project-service';
import { PullService } from './pull-service';
import { PushService } from './push-service';
import { NoteReanalysis } from './reanalysis';
import { RankService } from './rank-service';
import { SampleSeeder } from './sample-seeder';

export type RedServices = ReturnType<typeof createRedServices>;

export function createRedServices(
  deps: { db: Db; jobs: JobQueue; store: ObjectStore; llm: LlmGateway },
  config: RedConfig,
) {
  const { db, jobs, store, llm } = deps;
  const dictionary = new DictionaryStore(db);
  const imports = new ImportService(db, store, jobs, dictionary);
  const seeder = new SampleSeeder(db, jobs, dictionary, config);
  const aggregates = new DailyAggregates(db, jobs);
  return {
    config,
    aggregates,
    reanalysis: new NoteReanalysis(db, jobs, dictionary),
    modelAnalysis: new ModelAnalysis(db, jobs, llm, config.model_analysis),
    dictionary,
    imports,
    seeder,
    insight: new InsightService(db, aggregates),
    rank: new RankService(db, aggregates),
    projects: new ProjectService(db),
    notes: new NoteService(db),
    push: new PushService(db, dictionary, config.push_sources),
    pull: new PullService(db, jobs, dictionary, config),
  };
}
