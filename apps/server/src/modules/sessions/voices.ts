import type { Evidence } from '@portal/contract';
import { withoutRowFacts, type DocumentService } from '../../services/documents';

/** One piece of customer voice with where it came from; `id` is what the model refers to. */
export interface Voice extends Evidence {
  id: number;
}

export const PASTED_SOURCE_NAME = '粘贴内容';
const VOICE_MAX_CHARS = 300;
const MIN_VOICE_CHARS = 2;

function clip(text: string): string {
  const chars = Array.from(text.trim());
  return chars.length > VOICE_MAX_CHARS ? `${chars.slice(0, VOICE_MAX_CHARS).join('')}…` : chars.join('');
}

/**
 * The voices of an insight report: each table row is one voice, other text one voice per line;
 * pasted text one voice per line. Capped at `max` in source order.
 */
export async function collectVoices(
  documents: DocumentService,
  input: { sessionId: string; userId: number; fileIds?: readonly string[]; pasted?: string; max: number },
): Promise<Voice[]> {
  const voices: Voice[] = [];
  const push = (v: Omit<Voice, 'id'>) => {
    if (voices.length < input.max && v.quote.length >= MIN_VOICE_CHARS) voices.push({ ...v, id: voices.length + 1 });
  };
  if (input.pasted) {
    input.pasted.split(/\r?\n/).forEach((line, i) => {
      if (line.trim())
        push({ quote: clip(line), file_id: null, file_name: PASTED_SOURCE_NAME, page: null, row: i + 1 });
    });
  }
  const chunks = await documents.chunks(input.sessionId, input.userId, input.fileIds);
  for (const { chunk, fileName } of chunks) {
    if (voices.length >= input.max) break;
    const base = { file_id: chunk.fileId, file_name: fileName, page: chunk.page, row: chunk.row };
    // A table row's attributes (id, date, channel) are not the customer's words.
    if (chunk.row !== null) push({ ...base, quote: clip(withoutRowFacts(chunk.text)) });
    else for (const line of chunk.text.split(/\n+/)) if (line.trim()) push({ ...base, quote: clip(line) });
  }
  return voices;
}
