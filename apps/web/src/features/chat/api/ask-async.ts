import type { AskStreamRequest } from '@portal/contract';
import type { AnswerIds } from '../../../components/thread';
import { api } from '../../../lib/api';
import { answerIdsParser } from './parsers';

/** `POST {prefix}/message/ask` of an asynchronous model: the question is stored, the ids come back at once. */
export function askAsync(path: string, body: AskStreamRequest): Promise<AnswerIds> {
  return api.post(path, body, { schema: answerIdsParser });
}
