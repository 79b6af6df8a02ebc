export { JobQueue, type JobContext, type JobHandler, type JobOptions, type JobStatus } from './job-queue';
export { jobsConfigSchema, type JobsConfig } from './config';
