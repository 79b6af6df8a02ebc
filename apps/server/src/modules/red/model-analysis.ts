import { RED_SENTIMENTS, type RedModelAnalysis } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rows } from '../../lib/sql-rows';
import type { JobQueue } from '../../services/jobs';
import type { LlmGateway } from '../../services/llm';
import { withModelVerdict } from './analysis/model-verdict';
import { SCENE_GROUPS } from './analysis/scenes';
import type { RedConfig } from './config';
import { countNotes } from './daily-aggregates';

export const RED_MODEL_TASK = 'red';
export const RED_MODEL_JOB = 'red.model-analysis';
const SCENE_NAMES = SCENE_GROUPS.map((g) => g.scene);

const SYSTEM = `你是消费品社交笔记的分析助手。对每条笔记：
1. sentiment：作者对所评价的产品或服务的整体态度，只能是 positive、neutral 或 negative；只记录、提问、没有评价的笔记是 neutral。
2. aspects：笔记评价到的每个方面（如 保湿、价格、口味、服务、包装、物流），每个方面的态度（positive、neutral、negative）和笔记中说明它的原文短句（不超过30个字）。没有评价就是空数组。
3. scenes：笔记中产品的使用场景，只能从这个列表中选：${SCENE_NAMES.join('、')}；没有就是空数组。
只输出一个 JSON 对象，不要其他文字，格式：
{"notes":[{"i":1,"sentiment":"negative","aspects":[{"aspect":"价格","polarity":"negative","text":"价格偏贵"}],"scenes":["通勤上班"]}]}`;

const replySchema = z.object({
  notes: z.array(
    z.object({
      i: z.number().int(),
      sentiment: z.enum(RED_SENTIMENTS),
      aspects: z
        .array(
          z.object({
            aspect: z.string().trim().min(1).max(20),
            polarity: z.enum(RED_SENTIMENTS),
            text: z.string().trim().max(60),
          }),
        )
        .max(20)
        .default([]),
      scenes: z.array(z.string()).default([]),
    }),
  ),
});

interface PendingNote {
  id: number;
  title: string;
  content: string;
  sentiment: 'positive' | 'neutral' | 'negative';
  scenes: string[];
}

/** The JSON object of a reply (a fenced block or text around it allowed), checked; null when unreadable. */
export function readReply(content: string, count: number): Map<number, RedModelAnalysis> | null {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let value: unknown;
  try {
    value = JSON.parse(content.slice(start, end + 1));
  } catch {
    return null;
  }
  const parsed = replySchema.safeParse(value);
  if (!parsed.success) return null;
  const found = new Map<number, RedModelAnalysis>();
  for (const note of parsed.data.notes) {
    if (note.i < 1 || note.i > count) continue;
    found.set(note.i, {
      model: '',
      sentiment: note.sentiment,
      aspects: note.aspects,
      scenes: note.scenes.filter((s) => SCENE_NAMES.includes(s)),
    });
  }
  return found.size === count ? found : null;
}

/**
 * Aspect-level sentiment and scenes by the model configured for the task `red`, when there is
 * one: a scheduled job asks about the newest notes not yet asked, a batch of notes per request,
 * at most `max_notes_per_run` per run, and stores each answer with its note, so no note is asked
 * twice. The model's verdict becomes the note's sentiment and its scenes join the offline ones;
 * the daily aggregates take each batch out and count it again in the same transaction. A reply
 * that cannot be read is asked for once more, then the batch is marked failed (not asked again).
 */
export class ModelAnalysis {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly llm: LlmGateway,
    private readonly config: RedConfig['model_analysis'],
  ) {}

  /** Whether a model is configured for the task; without one nothing is scheduled or asked. */
  get enabled(): boolean {
    return !this.llm.isTaskDemo(RED_MODEL_TASK) && this.config.max_notes_per_run > 0;
  }

  register(): void {
    this.jobs.register(RED_MODEL_JOB, (job) => this.run(job.signal), { concurrency: 1, maxAttempts: 1 });
    if (!this.enabled) return;
    this.jobs.schedule({
      key: RED_MODEL_JOB,
      name: RED_MODEL_JOB,
      data: {},
      everyMs: this.config.every_minutes * 60_000,
    });
  }

  /** One run: answers how many notes were asked about. */
  async run(signal?: AbortSignal): Promise<number> {
    if (!this.enabled) return 0;
    const model = this.llm.config.tasks[RED_MODEL_TASK]!.model;
    const pending = await rows<PendingNote>(
      this.db,
      sql`SELECT id::int AS id, title, content, sentiment, scenes FROM red_notes
          WHERE model_analysis IS NULL ORDER BY published_at DESC, id DESC LIMIT ${this.config.max_notes_per_run}`,
    );
    for (let i = 0; i < pending.length; i += this.config.batch_notes) {
      if (signal?.aborted) throw new Error('aborted');
      const batch = pending.slice(i, i + this.config.batch_notes);
      const found = await this.ask(batch, signal);
      await this.store(
        batch.map((note, at) => ({
          note,
          analysis: found ? { ...found.get(at + 1)!, model } : { model, aspects: [], scenes: [], failed: true },
        })),
      );
    }
    return pending.length;
  }

  private async ask(batch: PendingNote[], signal?: AbortSignal): Promise<Map<number, RedModelAnalysis> | null> {
    const notes = batch.map((n, at) => ({
      i: at + 1,
      text: `${n.title}\n${n.content}`.slice(0, this.config.max_chars),
    }));
    let problem: string | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const request = `${problem ? `上一次的回复无法使用：${problem}。请严格按格式重新输出。\n` : ''}请分析这 ${notes.length} 条笔记（i 是编号，每条都要有结果）：\n${JSON.stringify({ notes })}`;
      let content = '';
      for await (const chunk of this.llm.streamTask({
        task: RED_MODEL_TASK,
        system: SYSTEM,
        messages: [{ role: 'user', content: request }],
        temperature: 0,
        signal,
        // Never answered by the demo model: the job runs only with a configured model.
        demo: () => '{"notes":[]}',
      })) {
        if (chunk.type === 'content') content += chunk.text;
      }
      const found = readReply(content, notes.length);
      if (found) return found;
      problem = '不是符合格式的 JSON，或缺少某些编号的笔记';
    }
    return null;
  }

  /**
   * Stores a batch's answers. The notes are locked and read again inside the transaction, so a
   * re-analysis running beside it never mixes its sentiment with this one.
   */
  private async store(results: { note: PendingNote; analysis: RedModelAnalysis }[]): Promise<void> {
    const byId = new Map(results.map((r) => [r.note.id, r.analysis]));
    await this.db.transaction(async (tx) => {
      const current = await rows<PendingNote>(
        tx,
        sql`SELECT id::int AS id, sentiment, scenes FROM red_notes
            WHERE id = ANY(${`{${[...byId.keys()].join(',')}}`}::int[]) AND model_analysis IS NULL FOR UPDATE`,
      );
      if (current.length === 0) return;
      const ids = current.map((n) => n.id);
      const values = current.map((note) => ({
        id: note.id,
        analysis: byId.get(note.id)!,
        ...withModelVerdict(note, byId.get(note.id), SCENE_NAMES),
      }));
      await countNotes(tx, ids, -1);
      await tx.execute(
        sql`UPDATE red_notes n SET model_analysis = r.analysis, sentiment = r.sentiment, scenes = r.scenes
            FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS r(id int, analysis jsonb, sentiment text, scenes jsonb)
            WHERE n.id = r.id`,
      );
      await countNotes(tx, ids, 1);
    });
  }
}
