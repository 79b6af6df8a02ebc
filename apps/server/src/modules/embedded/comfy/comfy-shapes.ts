import type { ComfyFileRef } from './ownership-store';

/**
 * Pure readers and filters of ComfyUI's answers (server.py): history `{prompt_id: {prompt,
 * outputs, status}}`, queue `{queue_running, queue_pending}` of `[number, prompt_id, prompt,
 * extra_data, outputs_to_execute]`, and WebSocket messages `{type, data}` whose data carries
 * `prompt_id` for everything about one prompt.
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Prompt ids of a history answer. */
export function historyPromptIds(history: unknown): string[] {
  return isObject(history) ? Object.keys(history) : [];
}

/** The history with only the given prompts. */
export function filterHistory(history: unknown, owned: ReadonlySet<string>): Json {
  if (!isObject(history)) return {};
  return Object.fromEntries(Object.entries(history).filter(([id]) => owned.has(id)));
}

function queueItemId(item: unknown): string | undefined {
  return Array.isArray(item) && typeof item[1] === 'string' ? item[1] : undefined;
}

/** Prompt ids of a queue answer, running and pending. */
export function queuePromptIds(queue: unknown): string[] {
  if (!isObject(queue)) return [];
  return [queue.queue_running, queue.queue_pending]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .flatMap((item) => queueItemId(item) ?? []);
}

/** The queue with only the given prompts. */
export function filterQueue(queue: unknown, owned: ReadonlySet<string>): Json {
  const keep = (list: unknown) =>
    Array.isArray(list) ? list.filter((item) => owned.has(queueItemId(item) ?? '')) : [];
  const source = isObject(queue) ? queue : {};
  return { ...source, queue_running: keep(source.queue_running), queue_pending: keep(source.queue_pending) };
}

/** Files named in a node's output (`images`, `gifs`, `audio`… each `{filename, subfolder, type}`). */
export function outputFiles(output: unknown): ComfyFileRef[] {
  if (!isObject(output)) return [];
  return Object.values(output).flatMap((list) =>
    Array.isArray(list)
      ? list.flatMap((entry) =>
          isObject(entry) && typeof entry.filename === 'string'
            ? [
                {
                  kind: typeof entry.type === 'string' ? entry.type : 'output',
                  subfolder: typeof entry.subfolder === 'string' ? entry.subfolder : '',
                  filename: entry.filename,
                },
              ]
            : [],
        )
      : [],
  );
}

/** Every file in the outputs of a (filtered) history answer. */
export function historyFiles(history: Json): ComfyFileRef[] {
  return Object.values(history).flatMap((entry) =>
    isObject(entry) && isObject(entry.outputs) ? Object.values(entry.outputs).flatMap(outputFiles) : [],
  );
}

/**
 * `/view`'s file: `filename` may carry ComfyUI's annotation (`a.png [output]`), which wins over
 * `type`; the default folder is output.
 */
export function viewedFile(query: URLSearchParams): ComfyFileRef | undefined {
  const raw = query.get('filename');
  if (!raw) return undefined;
  const annotated = /^(.*) \[(output|input|temp)\]$/.exec(raw);
  return {
    filename: annotated ? (annotated[1] ?? '') : raw,
    kind: annotated ? (annotated[2] ?? 'output') : (query.get('type') ?? 'output'),
    subfolder: query.get('subfolder') ?? '',
  };
}

/** A parsed text message of ComfyUI's WebSocket. */
export interface ComfyMessage {
  type: string;
  promptId?: string;
  data: Json;
}

export function readMessage(text: string): ComfyMessage | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isObject(parsed) || typeof parsed.type !== 'string') return undefined;
    const data = isObject(parsed.data) ? parsed.data : {};
    const promptId = typeof data.prompt_id === 'string' ? data.prompt_id : undefined;
    return { type: parsed.type, data, ...(promptId !== undefined && { promptId }) };
  } catch {
    return undefined;
  }
}
