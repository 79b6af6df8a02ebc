import { ScissorOutlined, PictureOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { startCutout, startProduct } from '../api/generate';
import { addbgKeys } from '../api/keys';
import { BackgroundPicker } from '../components/background-picker';
import { CutoutMask } from '../components/cutout-mask';
import { HistoryPanel } from '../components/history-panel';
import { PortraitNotice } from '../components/portrait-notice';
import { ProjectSelect } from '../components/project-select';
import { SourcePicker, sourceUrl } from '../components/source-picker';
import { SceneOptions } from '../components/scene-options';
import { ToolSwitcher } from '../components/tool-switcher';
import { UsageTag } from '../components/usage-tag';
import { WorkResult } from '../components/work-result';
import { useWorkbench } from '../store/workbench-store';
import '../components/addbg.css';

/** 图片设计 workbench: upload a product photo, cut it out, put it on scenes, download. */
export function AddbgWorkbenchPage() {
  const state = useWorkbench();
  const { source, cutoutWorkId, sceneWorkIds, backgroundId, color, sizeId, lightId, count, scale, shadow, projectId } =
    state;
  /** The brush-corrected mask of the current cutout, sent with scene generations. */
  const maskFileId = state.mask && state.mask.cutoutWorkId === cutoutWorkId ? state.mask.fileId : undefined;
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState<'cutout' | 'scene' | null>(null);
  /** The work started last from this screen: scrolled to (not one restored after a reload). */
  const [revealId, setRevealId] = useState<string | null>(null);

  const refreshLists = () => void client.invalidateQueries({ queryKey: addbgKeys.all });

  const run = async (kind: 'cutout' | 'scene') => {
    if (!source) return;
    setBusy(kind);
    try {
      const project = projectId ? { project_id: projectId } : {};
      if (kind === 'cutout') {
        const workId = await startCutout({ file_id: source.fileId, ...project });
        state.setCutout(workId);
        setRevealId(workId);
      } else {
        const choice =
          backgroundId === 'prompt'
            ? { background_id: backgroundId, prompt: state.prompt }
            : backgroundId
              ? { background_id: backgroundId }
              : color
                ? { color }
                : {};
        const workId = await startProduct({
          file_id: source.fileId,
          size_id: sizeId,
          light_id: lightId,
          count,
          scale,
          shadow,
          ...(maskFileId ? { mask_file_id: maskFileId } : {}),
          ...choice,
          ...project,
        });
        state.addScene(workId);
        setRevealId(workId);
      }
      refreshLists();
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '提交失败，请重试');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="ab-page">
      <header className="ab-header">
        <Typography.Title level={4} style={{ margin: 0 }}>
          图片设计
        </Typography.Title>
        <ToolSwitcher />
        <UsageTag />
        <ProjectSelect value={projectId} onChange={(id) => state.pick({ projectId: id })} />
      </header>
      <div className="ab-columns">
        <section className="ab-left" aria-label="素材与设置">
          <Card size="small" title="1. 上传商品图">
            <SourcePicker source={source} alt="商品原图" onPicked={state.setSource} />
          </Card>
          <Card size="small" title="2. 抠图">
            <Button
              type="primary"
              icon={<ScissorOutlined />}
              disabled={!source}
              loading={busy === 'cutout'}
              onClick={() => void run('cutout')}
            >
              一键抠图
            </Button>
            <div className="ab-muted" style={{ marginTop: 6 }}>
              内置离线引擎（ISNet，CPU），每张消耗 1 次
            </div>
          </Card>
          <Card size="small" title="3. 背景与效果">
            <BackgroundPicker
              value={backgroundId}
              color={color}
              prompt={state.prompt}
              onPick={(c) => state.pick(c)}
              onPrompt={(p) => state.pick({ prompt: p })}
            />
            <SceneOptions />
            <Button
              type="primary"
              icon={<PictureOutlined />}
              disabled={!source}
              loading={busy === 'scene'}
              onClick={() => void run('scene')}
              style={{ marginTop: 12 }}
            >
              生成场景图
            </Button>
          </Card>
          <PortraitNotice />
        </section>
        <section className="ab-right" aria-label="结果">
          {!cutoutWorkId && sceneWorkIds.length === 0 && (
            <Card size="small">
              <Typography.Text type="secondary">
                上传商品图后，先抠图或直接生成场景图，结果会显示在这里。
              </Typography.Text>
            </Card>
          )}
          {source && cutoutWorkId && (
            <Card size="small">
              <WorkResult
                reveal={revealId === cutoutWorkId}
                workId={cutoutWorkId}
                title="抠图"
                transparent
                beforeUrl={sourceUrl(source.fileId)}
                onRetry={() => void run('cutout')}
              />
              <CutoutMask cutoutWorkId={cutoutWorkId} sourceUrl={sourceUrl(source.fileId)} />
            </Card>
          )}
          {source &&
            sceneWorkIds.map((id) => (
              <Card size="small" key={id}>
                <WorkResult
                  reveal={revealId === id}
                  workId={id}
                  title="场景图"
                  beforeUrl={sourceUrl(source.fileId)}
                  onRetry={() => void run('scene')}
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
