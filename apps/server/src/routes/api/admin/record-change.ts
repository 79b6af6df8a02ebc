import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../../plugins/auth';

/** Every admin change lands in the audit log with who, what, and the state before and after. */
export function recordChange(
  app: FastifyInstance,
  request: FastifyRequest,
  change: { action: string; target: string; before?: unknown; after?: unknown; detail?: string },
): Promise<void> {
  const actor = requireUser(request);
  return app.services.audit.record({ actorId: actor.id, actorLogin: actor.login, ip: request.ip, ...change });
}
