import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MjAskResponse, MjFollowAction, MjMessageListResponse } from '@portal/contract';
import { ThreadComposer } from '../../../components/thread/thread-composer';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { actOnReply } from '../api/act-on-reply';
import { askImage } from '../api/ask-image';
import { deleteMjConversation } from '../api/delete-conversation';
import { useMjStatus } from '../api/get-status';
import { mjKeys } from '../api/keys';
import { useMjConversations } from '../api/list-conversations';
import { useMjTurns } from '../api/list-turns';
import { MjSidebar } from '../components/mj-sidebar';
import { MjTurn } from '../components/mj-turn';
import '../components/mj.css';

const DRAFT_SCOPE = 'mj';
const EXAMPLES = [
  '雪山脚下的红色小木屋，清晨薄雾，电影感',
  '赛博朋克风格的城市夜景，霓虹灯倒映在雨水中',
  '水彩画风格的一只橘猫在窗台上晒太阳',
];

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '请求失败，请稍后重试';
}

/**
 * 图片创作, the chatgpt app's image mode (module type 1): a prompt becomes a 2×2 grid; U1–U4
 * upscale one image, V1–V4 vary one, 重新生成 draws the grid again. The conversation is in the
 * address (`?id=`) and every turn is stored, so a reload shows the same thread and follows turns
 * still being drawn.
 */
export function MjPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const phone = usePhoneLayout();
  const [params, setParams] = useSearchParams();
  const convId = params.get('id');
  const status = useMjStatus();
  const conversations = useMjConversations();
  const turns = useMjTurns(convId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const count = turns.data?.list.length ?? 0;

  useEffect(() => setListOpen(false), [convId, phone]);
  // In braces: scrollIntoView answers a promise in newer browsers, which an effect must not return.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count, convId]);

  /** A queued turn joins its conversation's list at once; the list and the usage are read again. */
  const queued = (answer: MjAskResponse) => {
    client.setQueryData<MjMessageListResponse>(mjKeys.turns(answer.conv_id), (list) =>
      list ? { ...list, list: [...list.list, answer.message], total: list.total + 1 } : list,
    );
    client.setQueryData(mjKeys.status, (s: typeof status.data) => s && { ...s, usage: answer.usage });
    void client.invalidateQueries({ queryKey: mjKeys.conversations });
    if (answer.conv_id !== convId) setParams({ id: answer.conv_id });
  };

  const run = async (work: () => Promise<MjAskResponse>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      queued(await work());
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const ask = (prompt: string) => run(() => askImage(prompt.trim(), convId));
  const act = (messageId: string, action: MjFollowAction, index?: number) =>
    void run(() => actOnReply(messageId, action, index));

  const remove = async (id: string) => {
    try {
      await deleteMjConversation(id);
      if (id === convId) setParams({});
      client.removeQueries({ queryKey: mjKeys.turns(id) });
      await Promise.all([
        client.invalidateQueries({ queryKey: mjKeys.conversations }),
        client.invalidateQueries({ queryKey: mjKeys.status }),
      ]);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const usage = status.data?.usage;
  const connected = status.data?.configured !== false;

  return (
    <div className="mj" data-testid="mj-page">
      <MjSidebar
        conversations={conversations.data}
        activeId={convId}
        open={listOpen}
        onOpen={(id) => setParams(id ? { id } : {})}
        onDelete={(id) => void remove(id)}
        onBackToChat={() => void navigate('/chatgpt/welcome')}
      />
      {phone && listOpen ? <div className="mj-mask" onClick={() => setListOpen(false)} /> : null}
      <section className="mj-main">
        <header className="mj-head">
          {phone ? (
            <button
              type="button"
              className="mj-head-button"
              aria-label="图片会话列表"
              aria-controls="mj-sessions"
              aria-expanded={listOpen}
              onClick={() => setListOpen(true)}
            >
              <UnorderedListOutlined />
            </button>
          ) : null}
          <h5 className="mj-title">{turns.data?.title ?? '图片创作'}</h5>
          {usage ? (
            <span className="mj-usage" data-testid="mj-usage">
              剩余 {usage.remain}/{usage.total} 张
            </span>
          ) : null}
        </header>
        <div className="mj-thread">
          {!connected ? (
            <p className="mj-notice" data-testid="mj-not-connected">
              图片生成尚未接入，请联系管理员配置图像引擎。
            </p>
          ) : null}
          {convId === null ? (
            <div className="mj-welcome">
              <h4>图片创作</h4>
              <p>描述你想要的画面，一次生成四张候选图；点 U 放大其中一张，点 V 以它为基础生成变体，或重新生成。</p>
              <div className="mj-examples">
                {EXAMPLES.map((example) => (
                  <button
                    key={example}
                    type="button"
                    className="mj-button"
                    disabled={busy || !connected}
                    onClick={() => void ask(example)}
                  >
                    {example}
                  </button>
                ))}
              </div>
            </div>
          ) : (
            <ol className="mj-turns">
              {(turns.data?.list ?? []).map((turn) => (
                <MjTurn key={turn.message_id} turn={turn} busy={busy} onAct={act} />
              ))}
            </ol>
          )}
          {error ? (
            <p className="mj-failed" role="alert">
              {error}
            </p>
          ) : null}
          <div ref={end} />
        </div>
        <div className="mj-composer">
          <ThreadComposer
            draftScope={DRAFT_SCOPE}
            busy={busy}
            onSend={ask}
            placeholder="描述你想要的画面，Enter 生成，Shift + Enter 换行"
          />
        </div>
      </section>
    </div>
  );
}
