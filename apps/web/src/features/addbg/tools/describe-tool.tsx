import { CopyOutlined, FileSearchOutlined, PictureOutlined } from '@ant-design/icons';
import { productGenerateBodySchema } from '@portal/contract';
import { Alert, App, Button, Card, Input, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { copyText } from '../../../lib/copy-text';
import { useBackgrounds } from '../api/option-lists';
import { interrogate } from '../api/tools';
import { SourcePicker } from '../components/source-picker';
import { ToolHeader } from '../components/tool-header';
import { useAddbgTool } from '../tool-param';
import { useTools } from '../store/tools-store';
import { useWorkbench } from '../store/workbench-store';
import type { SourceImage } from '../store/workbench-store';
import '../components/addbg.css';

/** The longest scene description the workbench sends (the contract's limit of `prompt`). */
const PROMPT_MAX = productGenerateBodySchema.shape.prompt.unwrap().maxLength ?? 500;

/** 图片描述: an uploaded image described in words, to copy or to use as the workbench's scene prompt. */
export function DescribeTool() {
  const { describe, setDescribe } = useTools();
  const pick = useWorkbench((s) => s.pick);
  const [, openTool] = useAddbgTool();
  const backgrounds = useBackgrounds();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** The prompt scene, and why it cannot be drawn when no AI engine is configured. */
  const promptScene = backgrounds.data?.find((b) => b.kind === 'prompt');
  const promptBlocked = promptScene && !promptScene.available ? promptScene.reason : null;
  const text = describe.result?.text ?? '';

  const run = async (source: SourceImage) => {
    setBusy(true);
    setError(null);
    try {
      setDescribe({ result: await interrogate(source.fileId) });
    } catch (e) {
      setError(e instanceof Error ? e.message : '识别失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    try {
      await copyText(text);
      void message.success('已复制');
    } catch {
      void message.error('复制失败，请手动选择文字复制');
    }
  };

  const sendToWorkbench = () => {
    pick({ backgroundId: 'prompt', color: null, prompt: text.trim().slice(0, PROMPT_MAX) });
    openTool('product');
    void message.success('已填入商品换背景的场景描述');
  };

  return (
    <div className="ab-page">
      <ToolHeader project={false} />
      <div className="ab-columns">
        <section className="ab-left" aria-label="上传图片">
          <Card size="small" title="上传图片">
            <SourcePicker
              source={describe.source}
              alt="待描述的图片"
              onPicked={(source) => {
                setDescribe({ source, result: null });
                void run(source);
              }}
            />
            <Button
              icon={<FileSearchOutlined />}
              disabled={!describe.source}
              loading={busy}
              onClick={() => describe.source && void run(describe.source)}
              style={{ marginTop: 12 }}
            >
              {describe.result ? '重新识别' : '识别图片'}
            </Button>
            <div className="ab-muted" style={{ marginTop: 6 }}>
              不消耗生成次数
            </div>
          </Card>
        </section>
        <section className="ab-right" aria-label="描述">
          <Card size="small" title="图片描述">
            {busy ? (
              <Spin description="正在识别图片…">
                <div style={{ minHeight: 96 }} />
              </Spin>
            ) : error ? (
              <Alert
                type="error"
                showIcon
                title={`识别失败：${error}`}
                action={
                  describe.source && (
                    <Button size="small" onClick={() => void run(describe.source!)}>
                      重试
                    </Button>
                  )
                }
              />
            ) : !describe.result ? (
              <Typography.Text type="secondary">
                上传一张图片，这里会给出它的文字描述，可复制或用作背景提示词。
              </Typography.Text>
            ) : (
              <div className="ab-form">
                <Space size={4} wrap>
                  <Tag color={describe.result.engine === 'vision' ? 'blue' : 'default'}>
                    {describe.result.engine === 'vision' ? '识图模型' : '内置分析'}
                  </Tag>
                  {describe.result.engine !== 'vision' && (
                    <span className="ab-muted">未配置识图模型时只能给出尺寸与颜色</span>
                  )}
                </Space>
                <Input.TextArea
                  aria-label="图片描述"
                  autoSize={{ minRows: 3, maxRows: 10 }}
                  value={text}
                  onChange={(e) => setDescribe({ result: { ...describe.result!, text: e.target.value } })}
                />
                <Space wrap>
                  <Button icon={<CopyOutlined />} disabled={!text.trim()} onClick={() => void copy()}>
                    复制
                  </Button>
                  <Tooltip title={promptBlocked}>
                    <Button
                      type="primary"
                      icon={<PictureOutlined />}
                      disabled={!text.trim() || Boolean(promptBlocked)}
                      onClick={sendToWorkbench}
                    >
                      用作背景提示词
                    </Button>
                  </Tooltip>
                </Space>
                {promptBlocked && <div className="ab-muted">{promptBlocked}</div>}
                {text.length > PROMPT_MAX && (
                  <div className="ab-muted">场景描述最多 {PROMPT_MAX} 字，超出部分不会带入。</div>
                )}
              </div>
            )}
          </Card>
        </section>
      </div>
    </div>
  );
}
