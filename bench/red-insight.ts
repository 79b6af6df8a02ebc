/**
 * 社媒洞察 benchmark: import rate, each insight query's p95, and the offline sentiment accuracy.
 *
 * The server is built in this process on a fresh database (in-memory PGlite by default, or the
 * PostgreSQL database at BENCH_DATABASE_URL). The sample dictionary is saved, `notes` generated
 * notes (the sample generator, spread over 60 days) are written to a CSV file and imported through
 * the module's own durable import job (parsing, analysis, writing), and then every insight query
 * runs `runs` times over the last 30 days of one category and one brand; the scene, sentence and
 * high-performing-note queries are also timed reading the notes themselves (as they did before their
 * daily aggregates), and both answers compared.
 *
 * Run: node --import tsx bench/red-insight.ts [notes=100000] [runs=20]
 *      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_red node --import tsx bench/red-insight.ts 1000000
 *      (add BENCH_REUSE=1 to time the queries again over the notes of the previous run)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config/load';
import type { DbTarget } from '../apps/server/src/db/client';
import { rows } from '../apps/server/src/lib/sql-rows';
import { analyseSentiment } from '../apps/server/src/modules/red/analysis/sentiment';
import { resolveFilter } from '../apps/server/src/modules/red/insight-filter';
import { NoteInsight } from '../apps/server/src/modules/red/insight-from-notes';
import { generateSampleNotes, SAMPLE_PROJECTS } from '../apps/server/src/modules/red/sample-data';

const notesWanted = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 20);
/** Runs of the slow way (reading the notes), for comparison. */
const rawRuns = Math.min(runs, 5);
const repoRoot = resolve(import.meta.dirname, '..');

function sentimentAccuracy(file: string) {
  const lines = readFileSync(join(repoRoot, 'apps/server/test/red/fixtures', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));
  const byLabel: Record<string, { right: number; all: number }> = {};
  let right = 0;
  for (const line of lines) {
    const [label, text] = line.split('\t') as [string, string];
    const ok = analyseSentiment(text).polarity === label;
    byLabel[label] ??= { right: 0, all: 0 };
    byLabel[label].all++;
    if (ok) {
      byLabel[label].right++;
      right++;
    }
  }
  console.log(`sentiment accuracy (${file}): ${right}/${lines.length} = ${((right / lines.length) * 100).toFixed(1)}%`);
  for (const [label, r] of Object.entries(byLabel)) {
    console.log(`  ${label}: ${r.right}/${r.all} = ${((r.right / r.all) * 100).toFixed(1)}%`);
  }
}

function csvOf(count: number): string {
  const esc = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const out = ['note_id,title,content,author,published_at,likes,collects,comments,shares,topics,image_count,link'];
  for (const n of generateSampleNotes(count, new Date(), 7)) {
    out.push(
      [
        `bench-${n.noteId}`,
        esc(n.title),
        esc(n.content),
        esc(n.author),
        n.publishedAt.toISOString(),
        n.likes,
        n.collects,
        n.comments,
        n.shares,
        esc(n.topics.join('|')),
        n.imageCount,
        n.link,
      ].join(','),
    );
  }
  return out.join('\n');
}

function p(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

async function main() {
  // The sets the lexicon was tuned on (labelled sentences, development notes), then the
  // held-out sets it never was: sentences written after the first tuning, clear-cut notes written
  // for the second, and sentences written before the third.
  sentimentAccuracy('sentiment-labelled.tsv');
  sentimentAccuracy('sentiment-notes-dev.tsv');
  sentimentAccuracy('sentiment-heldout.tsv');
  sentimentAccuracy('sentiment-notes-heldout.tsv');
  sentimentAccuracy('sentiment-heldout-2.tsv');
  const url = process.env.BENCH_DATABASE_URL;
  const database: DbTarget = url ? { kind: 'postgres', url } : { kind: 'pglite' };
  const raw = JSON.parse(readFileSync(join(repoRoot, 'portal.config.example.json'), 'utf8')) as Record<string, unknown>;
  const config = parseConfig({ ...raw, red: { ...(raw.red as object), sample_data: false } });
  const app = await buildApp({ config, database, publicUrl: 'http://127.0.0.1:1' });
  // Jobs start when the server listens.
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    // BENCH_REUSE=1 times the queries over the notes a previous run left in the database.
    const reuse = Boolean(url && process.env.BENCH_REUSE);
    if (!reuse) {
      if (url) {
        await app.db.execute(
          sql`TRUNCATE red_notes, red_projects, red_topics, red_imports, red_daily_counts, red_daily_scenes,
                red_daily_keywords, red_daily_sentences, red_daily_quality, red_daily_quality_topics,
                red_daily_quality_bands, red_daily_quality_band_topics,
                red_daily_topics, red_note_sentences CASCADE`,
        );
      }
      for (const project of SAMPLE_PROJECTS) {
        await app.red.dictionary.save({
          name: project.name,
          brands: project.brands.map((b) => ({ ...b, products: b.products.map((x) => ({ ...x })) })),
        });
      }
      const [first] = await rows<{ id: number }>(app.db, sql`SELECT id FROM users ORDER BY id LIMIT 1`);
      const csv = Buffer.from(csvOf(notesWanted));
      console.log(
        `database: ${url ? 'PostgreSQL' : 'PGlite (in memory)'}; file: ${notesWanted} notes, ${(csv.length / 1e6).toFixed(1)} MB CSV`,
      );
      const started = performance.now();
      const jobId = await app.red.imports.start({
        // No one signed in: the bench has no users (the column allows none).
        userId: first?.id ?? null,
        source: 'bench',
        fileName: 'bench.csv',
        format: 'csv',
        bytes: csv,
      });
      for (;;) {
        const status = await app.red.imports.status(jobId);
        if (status?.status === 'done' || status?.status === 'failed') {
          const seconds = (performance.now() - started) / 1000;
          console.log(
            `import: ${status.imported} imported, ${status.failed} failed in ${seconds.toFixed(1)} s = ${Math.round(status.imported / seconds)} notes/s`,
          );
          break;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    // Notes stored before the aggregates (or in another version of them) are counted by a job;
    // until it is done the queries read the notes.
    for (let waited = 0; !(await app.red.aggregates.ready()); waited++) {
      if (waited % 30 === 0) console.log('waiting for the daily aggregates to be counted…');
      await new Promise((r) => setTimeout(r, 2000));
    }
    // Fresh planner statistics, as autovacuum would have them a minute after a large import.
    if (url) await app.db.execute(sql`ANALYZE`);
    const [project] = await rows<{ id: number }>(app.db, sql`SELECT id FROM red_projects ORDER BY id LIMIT 1`);
    const scopes = {
      category: { project_id: project!.id },
      brand: { project_id: project!.id, brand: '澄光' },
    };
    const [admin] = await rows<{ id: number }>(app.db, sql`SELECT id FROM users ORDER BY id LIMIT 1`);
    const userId = admin?.id ?? 0;
    for (const [scope, input] of Object.entries(scopes)) {
      const f = await resolveFilter(app.db, userId, input);
      const [count] = await rows<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM red_notes n WHERE n.published_at >= ${f.from.toISOString()} AND n.id IN (SELECT note_pk FROM red_note_brands WHERE ${f.brandIds ? sql`brand_id = ${f.brandIds[0]!}` : sql`project_id = ${project!.id}`})`,
      );
      console.log(`\n${scope} (last 30 days, ${count?.n} notes in range):`);
      const queries: Record<string, () => Promise<unknown>> = {
        article_total: () => app.red.insight.articleTotal(f),
        sentiment_analysis: () => app.red.insight.sentimentAnalysis(f),
        sentiment_analysis_detail: () => app.red.insight.sentimentDetail(f, 'negative', 1, 20),
        scene_insight: () => app.red.insight.sceneInsight(f),
        high_quality_note_analysis: () => app.red.insight.highQuality(f),
        article_list: () => app.red.insight.articleList(userId, f, 'published', 1, 20),
        article_list_by_interactions: () => app.red.insight.articleList(userId, f, 'interactions', 1, 20),
      };
      for (const [name, run] of Object.entries(queries)) {
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const t = performance.now();
          await run();
          times.push(performance.now() - t);
        }
        console.log(
          `  ${name.padEnd(30)} p50 ${p(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${p(times, 0.95).toFixed(1).padStart(7)} ms`,
        );
      }
      // The same three queries read from the notes (as before the aggregates), fewer runs, and
      // whether both ways answer alike.
      const notes = new NoteInsight(app.db);
      const fromNotes: Record<string, [() => Promise<unknown>, () => Promise<unknown>]> = {
        sentiment_analysis_detail: [
          () => notes.sentimentDetail(f, 'negative', 1, 20),
          queries.sentiment_analysis_detail!,
        ],
        scene_insight: [() => notes.sceneInsight(f), queries.scene_insight!],
        high_quality_note_analysis: [() => notes.highQuality(f), queries.high_quality_note_analysis!],
      };
      for (const [name, [run, daily]] of Object.entries(fromNotes)) {
        const times: number[] = [];
        let answer: unknown;
        for (let i = 0; i < rawRuns; i++) {
          const t = performance.now();
          answer = await run();
          times.push(performance.now() - t);
        }
        const same = JSON.stringify(answer) === JSON.stringify(await daily());
        console.log(
          `  ${`${name} (from notes)`.padEnd(30)} p50 ${p(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${p(times, 0.95).toFixed(1).padStart(7)} ms   same answer: ${same ? 'yes' : 'NO'}`,
        );
      }
    }
    console.log('\nrank:');
    for (const sort of ['hot', 'newest'] as const) {
      for (const time of ['1d', '7d', '30d'] as const) {
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const t = performance.now();
          await app.red.rank.topicList({ sort, time, page_index: 1, page_size: 20 });
          times.push(performance.now() - t);
        }
        console.log(
          `  topic_list ${sort} ${time}`.padEnd(32) +
            ` p50 ${p(times, 0.5).toFixed(1).padStart(7)} ms   p95 ${p(times, 0.95).toFixed(1).padStart(7)} ms`,
        );
      }
    }
  } finally {
    await app.close();
  }
}

await main();
