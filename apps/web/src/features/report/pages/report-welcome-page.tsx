import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import antdMessage from 'antd/es/message';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { REPORT_MAX_PER_CONVERSATION, type ReportSummary } from '@portal/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { createCategory } from '../api/create-category';
import { createConversation } from '../api/create-conversation';
import { deleteReport } from '../api/delete-report';
import { categoriesKey, useReportCategories } from '../api/list-categories';
import { uploadReport } from '../api/upload-report';
import { RecentConversations } from '../components/recent-conversations';
import { ReportList } from '../components/report-list';
import '../components/report.css';

/** 行业分析报告: the library by category with search; pick reports and start a conversation. */
export function ReportWelcomePage() {
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [starting, setStarting] = useState(false);
  const [uploading, setUploading] = useState(false);
  /** Where an upload goes: null is 我的报告; administrators may pick a shared category. */
  const [target, setTarget] = useState<number | null>(null);
  const [newCategory, setNewCategory] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const client = useQueryClient();
  // The portal has no antd <App> around its routes: the page renders its own toast holder.
  const [message, toastHolder] = antdMessage.useMessage();
  const query = useReportCategories(keyword, { pollWhileParsing: true });

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else if (next.size < REPORT_MAX_PER_CONVERSATION) next.add(id);
      else void message.warning(`一次最多选择 ${REPORT_MAX_PER_CONVERSATION} 份报告`);
      return next;
    });

  const start = async () => {
    setStarting(true);
    try {
      const conversation = await createConversation([...selected]);
      void navigate(`/report/session?id=${conversation.conversation_id}`);
    } catch {
      setStarting(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.pdf$/i.test(file.name)) {
      void message.error('仅支持上传 PDF 格式的报告');
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadReport(file, target);
      if (stored.already_uploaded) {
        // The same PDF is in the library already: nothing new is stored; that report is offered instead.
        setSelected((s) => new Set(s).add(stored.report_id));
        void message.info(`这份报告已经上传过：《${stored.title}》，已为你选中，可直接开始对话`, 6);
      } else void message.success('上传成功，报告正在解析');
      await client.invalidateQueries({ queryKey: categoriesKey });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '上传失败，请稍后重试');
    } finally {
      setUploading(false);
    }
  };

  const addCategory = async () => {
    const name = newCategory.trim();
    if (!name) return;
    try {
      await createCategory(name);
      setNewCategory('');
      void message.success('分类已创建');
      await client.invalidateQueries({ queryKey: categoriesKey });
    } catch {
      // The client showed the server's message.
    }
  };
  const remove = async (report: ReportSummary) => {
    try {
      await deleteReport(report.report_id);
      setSelected((prev) => {
        const next = new Set(prev);
        next.delete(report.report_id);
        return next;
      });
      void message.success('报告已删除');
      await client.invalidateQueries({ queryKey: categoriesKey });
    } catch {
      // The client showed the server's message.
    }
  };
  const canManage = query.data?.can_manage ?? false;
  const shared = query.data?.list.filter((c) => c.category_id !== null) ?? [];

  return (
    <div className="report-page portal-page">
      {toastHolder}
      <header className="report-head">
        <Typography.Title level={3} style={{ margin: 0 }}>
          行业分析报告
        </Typography.Title>
        <Typography.Text type="secondary">
          选择一份或几份报告，基于报告原文提问、生成行业简报或对比报告。
        </Typography.Text>
      </header>
      <div className="report-toolbar">
        <Input.Search
          allowClear
          placeholder="搜索报告标题或来源"
          aria-label="搜索报告"
          onSearch={(value) => setKeyword(value.trim())}
          className="report-search"
        />
        {canManage ? (
          <Select
            aria-label="上传到"
            className="report-target"
            value={target ?? 0}
            onChange={(v: number) => setTarget(v === 0 ? null : v)}
            options={[
              { value: 0, label: '我的报告（仅自己可见）' },
              ...shared.map((c) => ({ value: c.category_id!, label: `共享：${c.name}` })),
            ]}
          />
        ) : null}
        <Button onClick={() => fileInput.current?.click()} loading={uploading}>
          {target === null ? '上传我的报告' : '上传到共享分类'}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Emptied at once, so that picking the same file again is a change even while this
            // upload is still running (the browser fires no change for an unchanged selection).
            e.target.value = '';
            void upload(file);
          }}
        />
      </div>
      {canManage ? (
        <div className="report-toolbar">
          <Input
            value={newCategory}
            maxLength={50}
            onChange={(e) => setNewCategory(e.target.value)}
            onPressEnter={() => void addCategory()}
            placeholder="新建共享分类名称（管理员）"
            aria-label="新建共享分类名称"
            className="report-search"
          />
          <Button onClick={() => void addCategory()} disabled={!newCategory.trim()}>
            新建分类
          </Button>
        </div>
      ) : null}
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title="报告列表加载失败"
          action={<Button onClick={() => void query.refetch()}>重试</Button>}
        />
      ) : (
        <ReportList
          categories={query.data.list}
          selected={selected}
          onToggle={toggle}
          canManage={canManage}
          onDelete={(r) => void remove(r)}
        />
      )}
      <RecentConversations />
      <div className="report-start-bar">
        <span>已选 {selected.size} 份报告</span>
        <Button type="primary" disabled={selected.size === 0} loading={starting} onClick={() => void start()}>
          开始对话
        </Button>
      </div>
    </div>
  );
}
