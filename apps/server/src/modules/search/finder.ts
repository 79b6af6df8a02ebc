import { normalizeSourceUrl } from '@portal/contract';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, reports } from '../../db/schema';
import type { DocumentService } from '../../services/documents';
import { BackendError, type WebBackend } from './backends/types';
import { Limiter, withRetries } from './backends/limiter';
import type { SearchConfig } from './config';

/** A result to read: a web page (fetched by the read step) or a passage of a company document. */
export type Candidate =
  | { kind: 'web'; title: string; url: string; snippet: string }
  | { kind: 'doc'; title: string; url: string; snippet: string; content: string };

export interface FindOutcome {
  candidates: Candidate[];
  /** Per backend: hits, or why it failed. */
  report: string[];
}

/** The address a document passage is cited by: stable, and never fetched. */
export function docUrl(fileId: string, chunkId: number): string {
  return `portal-doc://${fileId}/${chunkId}`;
}

/**
 * The search step: every query of the plan on every configured web backend (at most
 * `backend.concurrency` calls at once in this process, retried with backoff on 429/5xx), and on
 * the company's documents — the shared report library and the caller's own files — always.
 */
export class SourceFinder {
  private readonly limiter: Limiter;

  constructor(
    private readonly db: Db,
    private readonly documents: DocumentService,
    private readonly backends: readonly WebBackend[],
    private readonly config: SearchConfig,
  ) {
    this.limiter = new Limiter(config.backend.concurrency);
  }

  get webBackends(): number {
    return this.backends.length;
  }

  async find(userId: number, plan: readonly string[], webToo: boolean, limit: number, signal: AbortSignal) {
    const report: string[] = [];
    const web = webToo ? await this.searchWeb(plan, signal, report) : [];
    const docs = await this.searchDocs(userId, plan, limit);
    report.push(`公司文档：${docs.length} 段`);
    // Interleave so that neither side crowds the other out of the page budget.
    const merged: Candidate[] = [];
    const seen = new Set<string>();
    for (let i = 0; merged.length < limit && (i < web.length || i < docs.length); i++) {
      for (const c of [web[i], docs[i]]) {
        if (!c || merged.length >= limit) continue;
        const key = normalizeSourceUrl(c.url);
        if (seen.has(key)) continue;
        seen.add(key);
        merged.push(c);
      }
    }
    return { candidates: merged, report } satisfies FindOutcome;
  }

  private async searchWeb(plan: readonly string[], signal: AbortSignal, report: string[]): Promise<Candidate[]> {
    const { retries, retry_base_ms: baseMs, timeout_ms: timeoutMs } = this.config.backend;
    const calls = this.backends.flatMap((backend) =>
      plan.map(async (q) => {
        try {
          const hits = await this.limiter.run(() =>
            withRetries(() => backend.search(q, AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])), {
              retries,
              baseMs,
              signal,
            }),
          );
          return { backend: backend.kind, hits, error: null };
        } catch (error) {
          if (signal.aborted) throw error;
          const reason = error instanceof BackendError ? error.message : '请求失败';
          return { backend: backend.kind, hits: [], error: reason };
        }
      }),
    );
    const results = await Promise.all(calls);
    for (const backend of this.backends) {
      const mine = results.filter((r) => r.backend === backend.kind);
      const hits = mine.reduce((n, r) => n + r.hits.length, 0);
      const failed = mine.filter((r) => r.error).length;
      report.push(
        `${backend.kind}：${hits} 条${failed ? `（${failed} 次失败：${mine.find((r) => r.error)?.error}）` : ''}`,
      );
    }
    // Round-robin over the result lists so every query and backend contributes its best first.
    const lists = results.map((r) => r.hits);
    const out: Candidate[] = [];
    for (let rank = 0; lists.some((l) => rank < l.length); rank++) {
      for (const l of lists) {
        const h = l[rank];
        if (h) out.push({ kind: 'web', title: h.title, url: h.url, snippet: h.snippet });
      }
    }
    return out;
  }

  private async searchDocs(userId: number, plan: readonly string[], limit: number): Promise<Candidate[]> {
    const sharedReports = this.db.select({ fileId: reports.fileId }).from(reports).where(isNotNull(reports.categoryId));
    const scope = or(eq(documents.ownerId, userId), and(inArray(documents.fileId, sharedReports)));
    const out: Candidate[] = [];
    const seen = new Set<number>();
    for (const q of plan) {
      const hits = await this.documents.retrieval.search(scope, q, Math.max(3, Math.ceil(limit / plan.length)));
      for (const h of hits) {
        if (seen.has(h.chunk.id)) continue;
        seen.add(h.chunk.id);
        out.push({
          kind: 'doc',
          title: h.fileName,
          url: docUrl(h.chunk.fileId, h.chunk.id),
          snippet: h.chunk.text.slice(0, 200),
          content: h.chunk.text,
        });
      }
    }
    return out;
  }
}
