import { api } from '../../../lib/api';
import type { Parser } from '../../../lib/parsers';

/* A hand check of `{removed}` (the contract's chatTruncateResponseSchema): zod stays out of the chat chunk. */
const truncateParser: Parser<{ removed: number }> = {
  safeParse(v) {
    const ok = typeof v === 'object' && v !== null && Number.isInteger((v as { removed?: unknown }).removed);
    return ok
      ? { success: true, data: v as { removed: number } }
      : { success: false, error: new TypeError('truncate') };
  },
};

/** `POST {prefix}/message/truncate`: removes a question and the turns after it, before it is asked again as edited. */
export async function truncateFrom(prefix: string, convId: string, messageId: string): Promise<number> {
  const data = await api.post(
    `${prefix}/message/truncate`,
    { conv_id: convId, message_id: messageId },
    { schema: truncateParser },
  );
  return data.removed;
}
