import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import antdMessage from 'antd/es/message';
import Input from 'antd/es/input';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import type { DocCitation, ReportMessage, ReportMessageKind, ReportStreamMessage } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AnswerMarkdown } from '../../../components/thread';
import { createThrottledUpdater } from '../../../lib/throttled-updater';
import { downloadExport, fetchDetail, fetchQuestions, streamReport } from '../api';
import { ConversationEdit } from '../components/conversation-edit';
import { BriefView } from '../components/brief-view';
import { CitationChips } from '../components/citation-chips';
import { ComparePicker } from '../components/compare-picker';
import { ComparisonView } from '../components/compare-view';
import { SliceViewer } from '../components/slice-viewer';
import '../components/report.css';

const TIMEOUT_TEXT = '抱歉，回复超时，请重新提问';
const EXPORT_NAMES: Record<ReportMessageKind, string> = { answer: '报告问答', brief: '行业简报', compare: '报告对比' };

/** 会话-行业分析报告: questions answered from the chosen reports with sources, brief, compare, export. */
export function ReportSessionPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  // The portal has no antd <App> around its routes: the page renders its own toast holder.
  const [message, toastHolder] = antdMessage.useMessage();
  const detail = useQuery({ queryKey: ['report-detail', id], queryFn: () => fetchDetail(id), enabled: Boolean(id) });
  const reportIds = detail.data?.conversation.reports.map((r) => r.report_id) ?? [];
  const questions = useQuery({
    queryKey: ['report-questions', reportIds.join(',')],
    queryFn: () => fetchQuestions(reportIds),
    enabled: reportIds.length > 0,
  });
  const [messages, setMessages] = useState<ReportMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState<'ask' | 'brief' | 'compare' | null>(null);
  const [viewing, setViewing] = useState<DocCitation | null>(null);
  const [comparing, setComparing] = useState(false);
  const [editing, setEditing] = useState(false);
  const client = useQueryClient();
  const abort = useRef<AbortController | null>(null);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (detail.data) setMessages(detail.data.messages);
  }, [detail.data]);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const patch = (messageId: string, change: (m: ReportMessage) => ReportMessage) =>
    setMessages((list) => list.map((m) => (m.message_id === messageId ? change(m) : m)));

  /** Streams an answer to a question, the industry brief or a comparison into the thread. */
  const run = async (kind: ReportMessageKind, prompt: string, reportIds?: [string, string]) => {
    const text = prompt.trim();
    if (!text || busy) return;
    if (kind === 'answer') setDraft('');
    setBusy(kind === 'answer' ? 'ask' : kind);
    const now = new Date().toISOString();
    const localQ = `local-q-${Date.now()}`;
    let answerId = `local-a-${Date.now()}`;
    const base = {
      conversation_id: id,
      citations: [],
      brief: null,
      comparison: null,
      demo: false,
      created_at: now,
      kind,
    };
    setMessages((list) => [
      ...list,
      { ...base, message_id: localQ, role: 'user', content: text, status: 'done' },
      { ...base, message_id: answerId, role: 'assistant', content: '', status: 'generating' },
    ]);
    const controller = new AbortController();
    abort.current = controller;
    let failed = false;
    const receive = (m: ReportStreamMessage) => {
      const previous = answerId;
      answerId = m.message_id;
      patch(previous, (a) => ({
        ...a,
        message_id: m.message_id,
        // A brief written again after a malformed reply starts over.
        content: (m.restart ? '' : a.content) + m.text,
        citations: m.citations ?? a.citations,
      }));
    };
    // Events of one frame are applied together: a fast stream would otherwise re-render the
    // thread for every event.
    const updates = createThrottledUpdater<ReportStreamMessage[]>((batch) => batch.forEach(receive), {
      merge: (queued, next) => [...queued, ...next],
    });
    await streamReport(
      kind,
      kind === 'answer'
        ? { conversation_id: id, prompt: text }
        : kind === 'compare'
          ? { conversation_id: id, report_ids: reportIds }
          : { conversation_id: id },
      {
        onMessage: (m) => updates.push([m]),
        onFinish: (f) => {
          updates.flush();
          patch(answerId, () => f.message);
        },
        onError: (e) => {
          updates.flush();
          failed = true;
          patch(answerId, (a) => ({ ...a, status: 'incomplete', content: a.content || e.message || TIMEOUT_TEXT }));
        },
      },
      controller.signal,
    ).catch(() => {
      failed = true;
    });
    updates.flush();
    if (controller.signal.aborted)
      patch(answerId, (a) => (a.status === 'generating' ? { ...a, status: 'aborted' } : a));
    else if (failed) void message.error(kind === 'answer' ? '回答未完成，请重新提问' : '未完成，请重试');
    setBusy(null);
  };
  const ask = (prompt: string) => run('answer', prompt);

  const exportAs = (m: ReportMessage, format: 'md' | 'docx') =>
    downloadExport(m.message_id, format, EXPORT_NAMES[m.kind]).catch((e: unknown) =>
      message.error(e instanceof Error ? e.message : '导出失败'),
    );

  if (!id) {
    return (
      <div className="report-page portal-page">
        <Alert
          type="warning"
          showIcon
          title="缺少会话编号"
          action={<Button onClick={() => navigate('/report/welcome')}>返回报告库</Button>}
        />
      </div>
    );
  }
  if (detail.isPending)
    return (
      <div className="report-page portal-page">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (detail.isError) {
    return (
      <div className="report-page portal-page">
        <Alert
          type="error"
          showIcon
          title="会话不存在或已被删除"
          action={<Button onClick={() => navigate('/report/welcome')}>返回报告库</Button>}
        />
      </div>
    );
  }
  const { conversation } = detail.data;

  return (
    <div className="report-session">
      {toastHolder}
      <header className="report-session-head">
        <div className="report-session-title">{conversation.title}</div>
        <div className="report-chosen">
          {conversation.reports.map((r) => (
            <Tag key={r.report_id}>{r.title}</Tag>
          ))}
          {conversation.missing_report_ids.map((reportId) => (
            <Tag key={reportId} color="warning">
              已删除
            </Tag>
          ))}
        </div>
        <div className="report-tools">
          <Button
            onClick={() => void run('brief', '生成行业简报')}
            loading={busy === 'brief'}
            disabled={busy === 'ask'}
          >
            生成行业简报
          </Button>
          <Button onClick={() => setComparing(true)} disabled={conversation.reports.length < 2}>
            对比报告
          </Button>
          <Button onClick={() => setEditing(true)}>编辑会话</Button>
          <Button onClick={() => navigate('/report/welcome')}>返回报告库</Button>
        </div>
      </header>
      <div className="report-thread" aria-live="polite">
        {messages.length === 0 ? (
          <div className="report-suggest">
            <div className="report-suggest-title">可以这样问：</div>
            {questions.isPending ? (
              <Skeleton active paragraph={{ rows: 2 }} title={false} />
            ) : (
              (questions.data ?? []).map((q) => (
                <button type="button" key={q} className="report-suggest-item" onClick={() => void ask(q)}>
                  {q}
                </button>
              ))
            )}
          </div>
        ) : null}
        {messages.map((m) =>
          m.role === 'user' ? (
            <div key={m.message_id} className="report-question">
              {m.content}
            </div>
          ) : (
            <article key={m.message_id} className="report-answer">
              {m.demo ? <Tag color="gold">演示模型</Tag> : null}
              {m.brief && m.status === 'done' ? (
                <BriefView brief={m.brief} citations={m.citations} onOpen={setViewing} />
              ) : m.comparison && m.status === 'done' ? (
                <ComparisonView comparison={m.comparison} citations={m.citations} onOpen={setViewing} />
              ) : m.status === 'generating' && !m.content ? (
                <Skeleton active paragraph={{ rows: 2 }} title={false} />
              ) : (
                <AnswerMarkdown content={m.content} streaming={m.status === 'generating'} />
              )}
              {(m.brief || m.comparison) && m.status === 'done' ? null : (
                <CitationChips citations={m.citations} onOpen={setViewing} />
              )}
              {m.status === 'incomplete' || m.status === 'aborted' ? <Tag color="warning">回答未完成</Tag> : null}
              {m.status === 'done' && !m.message_id.startsWith('local-') ? (
                <div className="report-answer-actions">
                  <Button size="small" onClick={() => void exportAs(m, 'docx')}>
                    导出 Word
                  </Button>
                  <Button size="small" onClick={() => void exportAs(m, 'md')}>
                    导出 Markdown
                  </Button>
                </div>
              ) : null}
            </article>
          ),
        )}
        <div ref={end} />
      </div>
      <form
        className="report-composer"
        onSubmit={(e) => {
          e.preventDefault();
          void ask(draft);
        }}
      >
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="基于所选报告提问，Enter 发送，Shift+Enter 换行"
          aria-label="输入问题"
          autoSize={{ minRows: 1, maxRows: 5 }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void ask(draft);
            }
          }}
        />
        {busy ? (
          <Button onClick={() => abort.current?.abort()}>停止</Button>
        ) : (
          <Button type="primary" htmlType="submit" disabled={!draft.trim()}>
            发送
          </Button>
        )}
      </form>
      <SliceViewer citation={viewing} onClose={() => setViewing(null)} />
      {editing ? (
        <ConversationEdit
          conversation={conversation}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            void message.success('会话已更新');
            client.setQueryData(['report-detail', id], (old: typeof detail.data) =>
              old ? { ...old, conversation: saved } : old,
            );
            void client.invalidateQueries({ queryKey: ['report-conversations'] });
          }}
        />
      ) : null}
      {comparing ? (
        <ComparePicker
          reports={conversation.reports}
          onClose={() => setComparing(false)}
          onStart={(ids) => {
            setComparing(false);
            const titles = ids.map((r) => conversation.reports.find((x) => x.report_id === r)?.title ?? '');
            void run('compare', `对比报告：《${titles[0]}》与《${titles[1]}》`, ids);
          }}
        />
      ) : null}
    </div>
  );
}
