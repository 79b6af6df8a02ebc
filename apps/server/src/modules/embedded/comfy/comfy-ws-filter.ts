import type WebSocket from 'ws';
import type { MessageFilter } from '../ws-bridge';
import { outputFiles, readMessage } from './comfy-shapes';
import type { ComfyOwnership } from './ownership-store';

/**
 * What of ComfyUI's WebSocket one user sees: every message about a prompt (`prompt_id` in its
 * data: execution_start, executing, progress, executed, execution_success/error/interrupted…)
 * only when the user queued that prompt; messages about no prompt (status: the queue length)
 * pass, except the server's terminal log. Binary previews pass: ComfyUI sends them only to the prompt's own client id, which the
 * proxy keeps per user. Outputs announced by `executed` become the user's for `/view`.
 */
export function comfyMessageFilter(userId: number, ownership: ComfyOwnership): MessageFilter {
  const mine = new Set<string>();
  const others = new Set<string>();
  return async (data: WebSocket.RawData, binary: boolean) => {
    if (binary) return true;
    const message = readMessage(data.toString());
    // The server's terminal log (sent to subscribed sockets) names everyone's prompts and errors.
    if (message?.type === 'logs') return false;
    if (!message?.promptId) return true;
    const id = message.promptId;
    if (others.has(id)) return false;
    if (!mine.has(id)) {
      if (!(await ownsSoon(ownership, userId, id))) {
        others.add(id);
        return false;
      }
      mine.add(id);
    }
    if (message.type === 'executed') await ownership.recordFiles(userId, outputFiles(message.data.output));
    return true;
  };
}

/**
 * ComfyUI may announce a prompt before the proxy has stored whose it is (the answer to
 * `POST /prompt` and the first progress message race): one more look after a short wait.
 */
async function ownsSoon(ownership: ComfyOwnership, userId: number, promptId: string): Promise<boolean> {
  if (await ownership.owns(userId, promptId)) return true;
  await new Promise((resolve) => setTimeout(resolve, RECORD_GRACE_MS));
  return ownership.owns(userId, promptId);
}

const RECORD_GRACE_MS = 300;
