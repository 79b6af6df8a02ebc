import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { MODULE_ROUTES } from '@portal/contract';
import { useNavigate } from 'react-router';
import { AppIcon } from '../../components/app-icon';
import { useUserStore } from '../../features/auth/store/user-store';
import { getRuntimeConfig } from '../../lib/runtime-config';

/** What each app does, in one line, for people who have not signed in yet. */
const APP_SUMMARIES: Record<string, string> = {
  chatgpt: '写作、翻译、总结、编程的通用对话助手',
  deepseek: '擅长推理与中文写作的对话模型',
  metaso: '联网搜索，回答附带来源',
  brainstorm: '多种发散方法一起想点子，整理成思维导图',
  insight: '从用户原声中归纳情绪、痛点与需求',
  pdf: '对 PDF 提问，回答标注页码，点击即看原文',
  report: '基于行业报告原文问答、生成简报与对比',
  marketing: '按固定框架拆解营销案例，收藏与对比',
  red: '社媒笔记的热点、情绪与话题洞察',
  addbg: '商品抠图、换背景，生成商品图',
  stablediffusion: '在门户内使用 Stable Diffusion 绘图',
  comfyui: '在门户内使用 ComfyUI 工作流',
};

/**
 * `/preview`: the portal's public page. It asks the server nothing (no sign-in yet): what the
 * portal is, the apps it brings together, and the way in.
 */
export default function PreviewPage() {
  const isLogin = useUserStore((s) => s.isLogin);
  const navigate = useNavigate();
  const title = getRuntimeConfig().title;
  return (
    <main className="portal-preview">
      <Flex vertical align="center" gap={12} className="portal-preview-head">
        <Typography.Title level={2}>{title}</Typography.Title>
        <Typography.Paragraph type="secondary" className="portal-preview-lead">
          公司内部的 AI 应用门户：用公司账号登录，即可使用对话、文档分析、报告、营销与图片等 AI
          应用；数据保存在公司自己的服务器上，各应用按权限开放。
        </Typography.Paragraph>
        <Button
          type="primary"
          size="large"
          onClick={() => void navigate(isLogin ? '/home' : `/login?from=${encodeURIComponent('/home')}`)}
        >
          {isLogin ? '进入门户' : '登录'}
        </Button>
      </Flex>
      <section aria-label="门户中的应用">
        <Typography.Title level={4}>门户中的应用</Typography.Title>
        <ul className="portal-preview-apps">
          {MODULE_ROUTES.map((m) => (
            <li key={m.name} className="portal-preview-app" data-testid="preview-app">
              <AppIcon name={m.title} size={40} />
              <div>
                <Typography.Text strong>{m.title}</Typography.Text>
                {APP_SUMMARIES[m.name] ? (
                  <Typography.Paragraph type="secondary" className="portal-preview-summary">
                    {APP_SUMMARIES[m.name]}
                  </Typography.Paragraph>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
