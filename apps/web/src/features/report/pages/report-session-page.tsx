import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import antdMessage from 'antd/es/message';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import type { DocCitation, ReportConversationDetail, ReportMessageKind } from '@portal/contract';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useStore } from 'zustand';
import { stopAsking } from '../../../components/thread';
import { detailKey, useConversationDetail } from '../api/get-conversation-detail';
import { downloadExport } from '../api/export-message';
import { conversationsKey } from '../api/list-conversations';
import { useSuggestedQuestions } from '../api/list-questions';
import { ComparePicker } from '../components/compare-picker';
import { ConversationEdit } from '../components/conversation-edit';
import { ReportComposer } from '../components/report-composer';
import { ReportThread } from '../components/report-thread';
import { SliceViewer } from '../components/slice-viewer';
import { reportAsk, type ReportAskInput } from '../store/report-ask';
import { showConversation, useReportStore } from '../store/report-store';
import '../components/report.css';

const EXPORT_NAMES: Record<ReportMessageKind, string> = { answer: '报告问答', brief: '行业简报', compare: '报告对比' };

/** The conversation cannot be shown; the way back to the library. */
function NoConversation({ type, title, onBack }: { type: 'warning' | 'error'; title: string; onBack(): void }) {
  return (
    <div className="report-page portal-page">
      <Alert type={type} showIcon title={title} action={<Button onClick={onBack}>返回报告库</Button>} />
    </div>
  );
}

/** 会话-行业分析报告: questions answered from the chosen reports with sources, brief, compare, export. */
export function ReportSessionPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  // The portal has no antd <App> around its routes: the page renders its own toast holder.
  const [message, toastHolder] = antdMessage.useMessage();
  const detail = useConversationDetail(id);
  const reportIds = detail.data?.conversation.reports.map((r) => r.report_id) ?? [];
  const questions = useSuggestedQuestions(reportIds);
  /** What is being written: null, or the kind of the running answer. */
  const busy = useStore(useReportStore, (s) => (s.sessions[id]?.isAsking ? (s.running[id] ?? 'answer') : null));
  const [draft, setDraft] = useState('');
  const [viewing, setViewing] = useState<DocCitation | null>(null);
  const [comparing, setComparing] = useState(false);
  const [editing, setEditing] = useState(false);
  const client = useQueryClient();

  // A changed title or report list keeps the thread: only other messages replace it.
  const stored = detail.data?.messages;
  useEffect(() => {
    if (stored) showConversation(id, stored);
  }, [id, stored]);
  // Leaving the conversation stops following what it is writing; the server writes it to its end,
  // and the conversation opened again follows it.
  useEffect(() => () => useReportStore.getState().dropSession(id), [id]);

  const run = async (input: ReportAskInput) => {
    if (busy) return;
    const completed = await reportAsk(input);
    if (!completed) void message.error(input.kind === 'answer' ? '回答未完成，请重新提问' : '未完成，请重试');
  };
  const ask = (prompt: string) => {
    const text = prompt.trim();
    if (!text || busy) return;
    setDraft('');
    void run({ kind: 'answer', shown: text, body: { conversation_id: id, prompt: text } });
  };

  const exportAs = useCallback(
    (messageId: string, kind: ReportMessageKind, format: 'md' | 'docx') =>
      void downloadExport(messageId, format, EXPORT_NAMES[kind]).catch((e: unknown) =>
        message.error(e instanceof Error ? e.message : '导出失败'),
      ),
    [message],
  );

  const toLibrary = () => navigate('/report/welcome');
  if (!id) return <NoConversation type="warning" title="缺少会话编号" onBack={toLibrary} />;
  if (detail.isPending)
    return (
      <div className="report-page portal-page">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (detail.isError) return <NoConversation type="error" title="会话不存在或已被删除" onBack={toLibrary} />;
  const { conversation } = detail.data;
  // A conversation named after its reports (the default) would say the same thing twice: the tags alone do.
  const namedByReports =
    conversation.title ===
    conversation.reports
      .map((r) => r.title)
      .join('、')
      .slice(0, 60);

  return (
    <div className="report-session">
      {toastHolder}
      <header className="report-session-head">
        {namedByReports ? null : <div className="report-session-title">{conversation.title}</div>}
        <div className="report-chosen" aria-label="所选报告">
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
            onClick={() => void run({ kind: 'brief', shown: '生成行业简报', body: { conversation_id: id } })}
            loading={busy === 'brief'}
            disabled={busy !== null && busy !== 'brief'}
          >
            生成行业简报
          </Button>
          <Button
            onClick={() => setComparing(true)}
            loading={busy === 'compare'}
            disabled={conversation.reports.length < 2 || (busy !== null && busy !== 'compare')}
          >
            对比报告
          </Button>
          <Button onClick={() => setEditing(true)}>编辑会话</Button>
          <Button onClick={toLibrary}>返回报告库</Button>
        </div>
      </header>
      <ReportThread
        conversationId={id}
        questions={questions.isPending ? undefined : (questions.data ?? [])}
        onAsk={ask}
        onOpen={setViewing}
        onExport={exportAs}
      />
      <ReportComposer
        draft={draft}
        onDraft={setDraft}
        busy={busy !== null}
        onSend={ask}
        onStop={() => stopAsking(useReportStore, id)}
      />
      <SliceViewer citation={viewing} onClose={() => setViewing(null)} />
      {editing ? (
        <ConversationEdit
          conversation={conversation}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            void message.success('会话已更新');
            client.setQueryData<ReportConversationDetail>(detailKey(id), (old) =>
              old ? { ...old, conversation: saved } : old,
            );
            void client.invalidateQueries({ queryKey: conversationsKey });
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
            void run({
              kind: 'compare',
              shown: `对比报告：《${titles[0]}》与《${titles[1]}》`,
              body: { conversation_id: id, report_ids: ids },
            });
          }}
        />
      ) : null}
    </div>
  );
}
