import { BgColorsOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { regenerate } from '../api/generate';
import { addbgKeys } from '../api/keys';
import { startStyle, useStylePresets } from '../api/tools';
import { HistoryPanel } from '../components/history-panel';
import { OptionChoice } from '../components/option-choice';
import { SourcePicker, sourceUrl } from '../components/source-picker';
import { ToolHeader } from '../components/tool-header';
import { WorkResult } from '../components/work-result';
import { addStyleWork, useTools } from '../store/tools-store';
import { useWorkbench } from '../store/workbench-store';
import '../components/addbg.css';

/** 风格迁移: a photo redrawn in a preset style (watercolour, oil…) on the AI engine. */
export function StyleTool() {
  const { style, setStyle } = useTools();
  const projectId = useWorkbench((s) => s.projectId);
  const presets = useStylePresets();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [revealId, setRevealId] = useState<string | null>(null);

  const usable = (presets.data ?? []).filter((p) => p.available);
  // The remembered preset if it can still be used, else the first that can.
  const modelId = usable.some((p) => p.id === style.modelId) ? style.modelId : (usable[0]?.id ?? null);
  /** Every preset needs the same engine: when none can run, one notice says why. */
  const noEngine = presets.data && presets.data.length > 0 && usable.length === 0 ? presets.data[0]!.reason : null;

  const started = (workId: string) => {
    addStyleWork(workId);
    setRevealId(workId);
    void client.invalidateQueries({ queryKey: addbgKeys.all });
  };
  const fail = (error: unknown) => void message.error(error instanceof Error ? error.message : '提交失败，请重试');

  const generate = async () => {
    if (!style.source || !modelId) return;
    setBusy(true);
    try {
      started(
        await startStyle({
          file_id: style.source.fileId,
          model_id: modelId,
          ...(style.prompt.trim() ? { prompt: style.prompt.trim() } : {}),
          ...(projectId ? { project_id: projectId } : {}),
        }),
      );
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ab-page">
      <ToolHeader />
      <div className="ab-columns">
        <section className="ab-left" aria-label="风格迁移设置">
          <Card size="small" title="1. 上传图片">
            <SourcePicker
              source={style.source}
              alt="风格迁移原图"
              onPicked={(source) => setStyle({ source, workIds: [] })}
            />
          </Card>
          <Card size="small" title="2. 选择风格">
            {presets.error ? (
              <Alert type="error" showIcon title={`风格列表加载失败：${presets.error.message}`} />
            ) : presets.isPending ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : presets.data.length === 0 ? (
              <Typography.Text type="secondary">暂无可用风格</Typography.Text>
            ) : (
              <>
                {noEngine && (
                  <Alert
                    type="info"
                    showIcon
                    title="风格迁移暂不可用"
                    description={noEngine}
                    style={{ marginBottom: 8 }}
                  />
                )}
                <OptionChoice
                  label="风格"
                  options={presets.data}
                  value={modelId}
                  onChange={(id) => setStyle({ modelId: id })}
                />
              </>
            )}
            <label className="ab-field" style={{ marginTop: 12 }}>
              <span>补充描述（可选）</span>
              <Input.TextArea
                aria-label="补充描述"
                placeholder="例如：暖色调，保留人物神态"
                maxLength={500}
                autoSize={{ minRows: 2, maxRows: 4 }}
                value={style.prompt}
                onChange={(e) => setStyle({ prompt: e.target.value })}
              />
            </label>
            <Button
              type="primary"
              icon={<BgColorsOutlined />}
              disabled={!style.source || !modelId}
              loading={busy}
              onClick={() => void generate()}
              style={{ marginTop: 12 }}
            >
              开始迁移
            </Button>
            <div className="ab-muted" style={{ marginTop: 6 }}>
              {style.source ? '由 AI 引擎重绘，每张消耗 1 次' : '先上传一张图片'}
            </div>
          </Card>
        </section>
        <section className="ab-right" aria-label="结果">
          {(!style.source || style.workIds.length === 0) && (
            <Card size="small">
              <Typography.Text type="secondary">上传图片并选择风格后开始迁移，效果与原图可在这里对比。</Typography.Text>
            </Card>
          )}
          {style.source &&
            style.workIds.map((id) => (
              <Card size="small" key={id}>
                <WorkResult
                  workId={id}
                  title="风格迁移"
                  reveal={revealId === id}
                  beforeUrl={sourceUrl(style.source!.fileId)}
                  onRetry={() => void regenerate(id).then(started, fail)}
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
