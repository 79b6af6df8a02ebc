import { ErrorCode, validationMessage } from '@portal/contract';
import type { ChatLimits } from './config';
import { invalidRequest } from './errors';
import type { ChatTurn } from './types';

/** Refuses an empty or oversized prompt before anything is sent upstream. */
export function checkPrompt(prompt: string, limits: ChatLimits): void {
  if (prompt.trim().length === 0) throw invalidRequest(validationMessage('prompt', '问题不能为空'));
  if (prompt.length > limits.maxPromptChars) {
    throw invalidRequest(
      `问题过长：最多 ${limits.maxPromptChars} 个字符，当前 ${prompt.length} 个字符`,
      ErrorCode.tooLarge,
    );
  }
}

/**
 * Keeps the newest earlier turns whose total size fits `maxHistoryChars`; the last turn (the
 * new prompt) is always kept and not counted. A kept history never starts with an answer.
 */
export function trimHistory(turns: readonly ChatTurn[], maxHistoryChars: number): ChatTurn[] {
  if (turns.length === 0) return [];
  const prompt = turns[turns.length - 1]!;
  const kept: ChatTurn[] = [];
  let used = 0;
  for (let i = turns.length - 2; i >= 0; i--) {
    const turn = turns[i]!;
    if (used + turn.content.length > maxHistoryChars) break;
    used += turn.content.length;
    kept.unshift(turn);
  }
  while (kept[0]?.role === 'assistant') kept.shift();
  return [...kept, prompt];
}
