import { FontColorsOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, InputNumber, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { regenerate } from '../api/generate';
import { addbgKeys } from '../api/keys';
import { startLogo, useLogoModels, useLogoStyles } from '../api/tools';
import { HistoryPanel } from '../components/history-panel';
import { OptionChoice } from '../components/option-choice';
import { ToolHeader } from '../components/tool-header';
import { WorkResult } from '../components/work-result';
import { useTools } from '../store/tools-store';
import { useWorkbench } from '../store/workbench-store';
import '../components/addbg.css';

/** A few brand colours to start from; any other comes from the colour picker. */
const PRESET_COLORS = ['#1f6feb', '#d4380d', '#389e0d', '#722ed1', '#fa8c16', '#13c2c2', '#262626'];

/** 标志设计: a brand name (and slogan) laid out in a template offline, or drawn by the AI engine. */
export function LogoTool() {
  const { logo, logoWorks, setLogo, addLogoWork } = useTools();
  const projectId = useWorkbench((s) => s.projectId);
  const styles = useLogoStyles();
  const models = useLogoModels();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [revealId, setRevealId] = useState<string | null>(null);

  const model = models.data?.find((m) => m.id === logo.modelId);
  const modelUsable = !models.data || (model?.available ?? false);
  const name = logo.text.trim();

  const generate = async () => {
    if (!name) return;
    setBusy(true);
    try {
      const workId = await startLogo({
        text: name,
        ...(logo.slogan.trim() ? { slogan: logo.slogan.trim() } : {}),
        style_id: logo.styleId,
        model_id: logo.modelId,
        color: logo.color,
        count: logo.count,
        ...(projectId ? { project_id: projectId } : {}),
      });
      addLogoWork({ workId, svg: logo.modelId === 'builtin' });
      setRevealId(workId);
      void client.invalidateQueries({ queryKey: addbgKeys.all });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '提交失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  /** A failed work runs again with the same options (its images were given back). */
  const retry = async (w: { workId: string; svg: boolean }) => {
    try {
      const workId = await regenerate(w.workId);
      addLogoWork({ workId, svg: w.svg });
      setRevealId(workId);
      void client.invalidateQueries({ queryKey: addbgKeys.all });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '提交失败，请重试');
    }
  };

  const listError = styles.error ?? models.error;
  return (
    <div className="ab-page">
      <ToolHeader />
      <div className="ab-columns">
        <section className="ab-left" aria-label="Logo 设置">
          <Card size="small" title="1. 品牌信息">
            <div className="ab-form">
              <label className="ab-field">
                <span>品牌名称</span>
                <Input
                  aria-label="品牌名称"
                  placeholder="例如：山茶花"
                  maxLength={20}
                  showCount
                  value={logo.text}
                  onChange={(e) => setLogo({ text: e.target.value })}
                  onPressEnter={() => void generate()}
                />
              </label>
              <label className="ab-field">
                <span>标语（可选）</span>
                <Input
                  aria-label="标语"
                  placeholder="例如：自然好茶"
                  maxLength={40}
                  showCount
                  value={logo.slogan}
                  onChange={(e) => setLogo({ slogan: e.target.value })}
                />
              </label>
            </div>
          </Card>
          <Card size="small" title="2. 风格与颜色">
            {listError ? (
              <Alert type="error" showIcon title={`选项加载失败：${listError.message}`} />
            ) : !styles.data || !models.data ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : (
              <div className="ab-form">
                <div className="ab-field">
                  <span id="ab-logo-style">版式</span>
                  <Radio.Group
                    aria-labelledby="ab-logo-style"
                    optionType="button"
                    value={logo.styleId}
                    onChange={(e) => setLogo({ styleId: e.target.value as string })}
                    options={styles.data.map((s) => ({ value: s.id, label: s.name }))}
                  />
                </div>
                <div className="ab-field">
                  <span>生成方式</span>
                  <OptionChoice
                    label="生成方式"
                    options={models.data}
                    value={logo.modelId}
                    onChange={(id) => setLogo({ modelId: id })}
                  />
                </div>
                <div className="ab-field">
                  <span id="ab-logo-color">主色</span>
                  <div className="ab-colors" role="group" aria-labelledby="ab-logo-color">
                    {PRESET_COLORS.map((c) => (
                      <button
                        key={c}
                        type="button"
                        aria-label={`主色 ${c}`}
                        aria-pressed={logo.color === c}
                        className={`ab-color${logo.color === c ? ' ab-color--on' : ''}`}
                        style={{ background: c }}
                        onClick={() => setLogo({ color: c })}
                      />
                    ))}
                    <Input
                      type="color"
                      aria-label="自定义主色"
                      value={logo.color}
                      onChange={(e) => setLogo({ color: e.target.value })}
                      style={{ width: 48, padding: 2 }}
                    />
                  </div>
                </div>
                <label className="ab-field">
                  <span>张数</span>
                  <InputNumber
                    aria-label="生成张数"
                    min={1}
                    max={4}
                    value={logo.count}
                    onChange={(v) => setLogo({ count: v ?? 1 })}
                  />
                </label>
              </div>
            )}
            <Button
              type="primary"
              icon={<FontColorsOutlined />}
              disabled={!name || !modelUsable}
              loading={busy}
              onClick={() => void generate()}
              style={{ marginTop: 12 }}
            >
              生成 Logo
            </Button>
            <div className="ab-muted" style={{ marginTop: 6 }}>
              {logo.modelId === 'builtin'
                ? '模板 Logo 由内置引擎离线生成，可下载透明 PNG 与矢量 SVG；每张消耗 1 次'
                : 'AI 创意 Logo 由 AI 引擎绘制，可下载 PNG 与 JPG；每张消耗 1 次'}
            </div>
          </Card>
        </section>
        <section className="ab-right" aria-label="结果">
          {logoWorks.length === 0 && (
            <Card size="small">
              <Typography.Text type="secondary">
                输入品牌名称，选择版式与颜色后生成，Logo 会显示在这里。
              </Typography.Text>
            </Card>
          )}
          {logoWorks.map((w) => (
            <Card size="small" key={w.workId}>
              <WorkResult
                workId={w.workId}
                title="Logo"
                transparent
                reveal={revealId === w.workId}
                formats={w.svg ? ['png', 'svg'] : ['png', 'jpg']}
                onRetry={() => void retry(w)}
              />
            </Card>
          ))}
          <Card size="small">
            <HistoryPanel projectId={projectId} />
          </Card>
        </section>
      </div>
    </div>
  );
}
