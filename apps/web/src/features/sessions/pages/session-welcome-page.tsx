import { useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SESSION_PASTED_TEXT_MAX_CHARS, type BrainstormMethod } from '@portal/contract';
import { createSession } from '../api/session-api';
import { methodOptions } from '../brainstorm/brainstorm-toolbar';
import { PromptChips } from '../components/prompt-chips';
import { SessionLayout } from '../components/session-layout';
import { StartWithFiles } from '../components/start-with-files';
import { useSessionModule } from '../hooks/use-session-module';
import { sessionsKey } from '../hooks/use-sessions';
import type { StartAsk } from './start-ask';

/** `/{module}/welcome`: what the tool does, and the form that starts a session. */
export function SessionWelcomePage() {
  const config = useSessionModule();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [topic, setTopic] = useState('');
  const [text, setText] = useState('');
  const [method, setMethod] = useState<BrainstormMethod>('free_association');
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState('');

  const start = async (startAsk?: StartAsk) => {
    setCreating(true);
    setError('');
    try {
      const name = topic.trim().slice(0, 30);
      const session = await createSession(config, {
        ...(name ? { session_name: name } : {}),
        ...(topic.trim() ? { topic: topic.trim() } : {}),
        ...(config.name === 'brainstorm' ? { method } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: sessionsKey(config.name) });
      void navigate(`${config.topPath}/session?id=${session.session_id}`, { state: startAsk ? { startAsk } : null });
    } catch {
      // The HTTP client has shown the server's message.
      setCreating(false);
    }
  };

  const startBrainstorm = () => {
    if (!topic.trim()) return setError('请先输入头脑风暴的主题');
    void start({ shown: `主题：${topic.trim()}`, body: { action: 'round', method, prompt: topic.trim() } });
  };
  const startInsight = () => {
    if (!text.trim()) return setError('请粘贴用户原声，或先新建会话再上传文件');
    void start({
      shown: '生成洞察报告（粘贴的用户原声）',
      body: { action: 'report', text: text.trim(), prompt: topic.trim() },
    });
  };

  let form;
  if (config.name === 'brainstorm') {
    form = (
      <>
        <label className="session-field">
          <span>主题</span>
          <Input.TextArea
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
            placeholder="例如：如何让年轻人更愿意在周末去社区图书馆？"
          />
        </label>
        <label className="session-field">
          <span>发散方法</span>
          <Select value={method} options={methodOptions} onChange={setMethod} aria-label="发散方法" />
        </label>
        <Button type="primary" size="large" loading={creating} onClick={startBrainstorm}>
          开始头脑风暴
        </Button>
      </>
    );
  } else if (config.name === 'insight') {
    form = (
      <>
        <label className="session-field">
          <span>分析对象（可选）</span>
          <Input
            value={topic}
            onChange={(e) => setTopic(e.target.value)}
            maxLength={200}
            placeholder="例如：某款咖啡机的电商评论"
          />
        </label>
        <label className="session-field">
          <span>用户原声</span>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 5, maxRows: 12 }}
            maxLength={SESSION_PASTED_TEXT_MAX_CHARS}
            placeholder="粘贴评论、反馈或访谈记录，每行一条"
          />
        </label>
        <div className="session-welcome-actions">
          <Button type="primary" size="large" loading={creating} onClick={startInsight}>
            生成洞察报告
          </Button>
        </div>
        <div className="session-welcome-or">或者上传文件</div>
        <StartWithFiles config={config} label="新建会话并上传文件" />
      </>
    );
  } else {
    form = <StartWithFiles config={config} label="新建会话并上传 PDF" />;
  }

  return (
    <SessionLayout config={config} title={config.title}>
      <div className="session-welcome">
        <Typography.Title level={3}>{config.title}</Typography.Title>
        <Typography.Paragraph type="secondary">{config.intro}</Typography.Paragraph>
        <div className="session-welcome-form">
          {form}
          {error ? (
            <div className="session-field-error" role="alert">
              {error}
            </div>
          ) : null}
        </div>
        {config.name === 'brainstorm' ? (
          <PromptChips
            config={config}
            filesKey=""
            disabled={creating}
            onPick={(s) => {
              setTopic(s.prompt);
              setError('');
            }}
          />
        ) : null}
      </div>
    </SessionLayout>
  );
}
