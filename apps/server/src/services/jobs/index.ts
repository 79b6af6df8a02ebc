export {
  DEAD_WORKER_ERROR,
  JobQueue,
  type JobContext,
  type JobHandler,
  type JobOptions,
  type JobStatus,
  type Schedule,
  type SendOptions,
} from './job-queue';
export { jobsConfigSchema, type JobsConfig } from './config';
