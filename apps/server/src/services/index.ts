import type { PortalConfig } from '../config/schema';
import type { Db } from '../db/client';
import { builtinClientSecret } from '../oidc/keys';
import { builtinProviderEnabled } from '../config/exposure';
import { randomToken } from '../lib/crypto';
import { AccessTokenSigner } from './auth/access-token';
import { LoginService } from './auth/login-service';
import { LoginStateService } from './auth/login-state-service';
import { RefreshTokenService } from './auth/refresh-token-service';
import { SessionService } from './auth/session-service';
import { SsoClient } from './auth/sso-client';
import type { FastifyBaseLogger } from 'fastify';
import { processIdentity } from '../lib/process-identity';
import { createAnswers } from './answers';
import { createFileServices } from './files';
import { DocumentService, Embedder, VectorIndex } from './documents';
import { ImageProxy } from './image-proxy';
import { JobQueue } from './jobs';
import { createLlmGateway } from './llm';
import { CatalogueService } from './catalogue/catalogue-service';
import { seedFromConfig } from './catalogue/seed-service';
import { OneTimeCodeService } from './codes/one-time-code-service';
import { RightsGate } from './rights/rights-gate';
import { RightsService } from './rights/rights-service';
import { SettingsService } from './settings/settings-service';
import { UserService } from './users/user-service';
import { AuditService, installAppendOnlyGuard } from './audit/audit-service';
import { AuditRetention, registerAuditPurgeJob } from './audit/audit-retention';
import { DepartmentService } from './departments/department-service';
import { DirectorySyncService } from './departments/directory-sync-service';
import { registerDirectorySyncJob } from './departments/directory-sync-job';
import { createWorkplaceRegistry } from './auth/providers';
import { AccessRequestService } from './access-requests/access-request-service';
import { PeopleService } from './users/people-service';
import { IdentityLinkService } from './users/identity-links';
import { AppSecretService } from './catalogue/app-secret-service';
import { QuotaService } from './quotas/quota-service';
import { NoticeService } from './notices/notice-service';

export interface ServiceOptions {
  db: Db;
  config: PortalConfig;
  publicUrl: string;
  jwtSecret?: string;
  accessTokenTtlSeconds?: number;
  log: FastifyBaseLogger;
  /** DATA_DIR: relative storage folders are taken from here. */
  dataDir: string;
  /** The only job names this process runs (see JobQueueOptions.takes); every one when absent. */
  takesJobs?: readonly string[];
}

export type Services = Awaited<ReturnType<typeof createServices>>;

/** Wires every service once per process; handlers reach them through `app.services`. */
export async function createServices(opts: ServiceOptions) {
  const { db, config } = opts;
  const settings = new SettingsService(db);
  // Unset JWT_SECRET: one secret is generated and kept in the database, so restarts and replicas agree.
  const serverSecret = opts.jwtSecret ?? (await settings.getOrCreate('jwt_secret', () => randomToken(48)));
  if (await seedFromConfig(db, config)) await settings.bumpGlobalRightsVersion();

  const rights = new RightsService(db, settings, config.admins);
  const catalogue = new CatalogueService(db, rights);
  const users = new UserService(db, rights, catalogue);
  const gate = new RightsGate(db, rights, catalogue);
  const signer = new AccessTokenSigner(serverSecret, opts.accessTokenTtlSeconds ?? config.tokens.access_ttl_seconds);
  const refreshTokens = new RefreshTokenService(db, config.tokens.refresh_ttl_seconds);
  const sessions = new SessionService(signer, refreshTokens, rights, users);
  const builtinIdp = builtinProviderEnabled(config);
  // The "company account" sign-in: the configured issuer, else the built-in provider when it is on.
  const oidcSignIn = Boolean(config.sso.issuer) || builtinIdp;
  const sso = new SsoClient({
    issuer: config.sso.issuer ?? `${opts.publicUrl}/oidc`,
    clientId: config.sso.client_id,
    clientSecret: builtinIdp ? builtinClientSecret(serverSecret) : config.sso.client_secret,
    scopes: config.sso.scopes,
    redirectUri: `${opts.publicUrl}/login`,
  });
  const audit = new AuditService(db);
  await installAppendOnlyGuard(db);
  const workplace = createWorkplaceRegistry(config.sso.providers);
  const departments = new DepartmentService(db);
  const directorySync = new DirectorySyncService(workplace, departments);
  const notices = new NoticeService(db);
  const accessRequests = new AccessRequestService(db, rights, catalogue, notices, config.access_requests);
  const login = new LoginService(
    sso,
    new LoginStateService(db),
    users,
    sessions,
    catalogue,
    config.sso.claims,
    {
      registry: workplace,
      departments,
      audit,
    },
    oidcSignIn,
  );
  const codes = new OneTimeCodeService(db, audit);
  const people = new PeopleService(db);
  const identityLinks = new IdentityLinkService(db);
  const quotas = new QuotaService(db, rights);
  const appSecrets = new AppSecretService(
    db,
    new Map(config.apps.filter((a) => a.secret).map((a) => [a.app_key, a.secret as string])),
  );
  const llm = createLlmGateway(config.providers);
  // Leases in the database name their holder, so a dead process's work is found and taken over.
  const identity = processIdentity();
  const jobs = new JobQueue(db, identity, opts.log, {
    pollMs: config.jobs.poll_ms,
    leaseMs: config.jobs.lease_ms,
    sweepMs: config.jobs.sweep_ms,
    takes: opts.takesJobs,
  });
  const auditRetention = new AuditRetention(db, audit, config.audit);
  registerAuditPurgeJob(jobs, auditRetention, config.audit);
  registerDirectorySyncJob({
    jobs,
    sync: directorySync,
    registry: workplace,
    audit,
    config: config.directory_sync,
    log: opts.log,
  });
  const answers = createAnswers(db, identity, config.answers, opts.log);
  const imageProxy = new ImageProxy(config.image_proxy);
  const files = await createFileServices(db, config.storage, opts.dataDir);
  const embeddings = config.providers.embeddings;
  const vectors = embeddings
    ? await VectorIndex.open(db, new Embedder(embeddings, config.providers.endpoints[embeddings.provider]!), opts.log)
    : null;
  const documents = new DocumentService(db, files.service, jobs, config.documents, opts.log, vectors);
  documents.registerWorker();

  return {
    settings,
    rights,
    gate,
    /** Per-process caches kept exact by the database's notifications; started with the server. */
    caches: [gate.cache, quotas.cache],
    catalogue,
    users,
    signer,
    sessions,
    sso,
    login,
    codes,
    llm,
    identity,
    jobs,
    answers,
    imageProxy,
    files,
    documents,
    builtinIdp,
    oidcSignIn,
    serverSecret,
    audit,
    auditRetention,
    workplace,
    departments,
    directorySync,
    accessRequests,
    people,
    identityLinks,
    appSecrets,
    quotas,
    notices,
  };
}
