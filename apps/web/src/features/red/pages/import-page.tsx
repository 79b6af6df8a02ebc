import { InboxOutlined } from '@ant-design/icons';
import type { RedImportMapping, RedImportPreview } from '@portal/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Upload from 'antd/es/upload';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { authStorage } from '../../../lib/auth-storage';
import { uploadErrorMessage } from '../../../lib/upload';
import { previewImport, startImport, useImportStatus } from '../api/import';
import { ImportMapping } from '../components/import-mapping';
import { ImportProgress } from '../components/import-progress';
import { missingRequired } from '../import-columns';

type Stage =
  | { step: 'choose'; error?: string }
  | { step: 'preview'; file: File }
  | { step: 'map'; file: File; preview: RedImportPreview; error?: string }
  | { step: 'upload'; file: File; percent: number }
  | { step: 'job'; file: File; jobId: string };

const ACCEPT = '.csv,.jsonl,.ndjson,.xlsx';

/**
 * 导入笔记 (administrators): pick a CSV, JSONL or XLSX export, see its first rows, choose the column
 * of each field (the server's guesses preselected), start the import and follow it to its row
 * errors.
 */
export default function ImportPage() {
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [mapping, setMapping] = useState<RedImportMapping>({});
  const [source, setSource] = useState('');
  const controller = useRef<AbortController | null>(null);
  const status = useImportStatus(stage.step === 'job' ? stage.jobId : null);

  useEffect(() => () => controller.current?.abort(), []);

  if (!authStorage.read()?.account_info.is_admin) {
    return (
      <div className="red-page">
        <Result status="403" title="只有管理员可以导入笔记" />
      </div>
    );
  }

  const fresh = () => {
    controller.current?.abort();
    controller.current = new AbortController();
    return controller.current.signal;
  };

  const pick = async (file: File) => {
    setStage({ step: 'preview', file });
    try {
      const preview = await previewImport(file, fresh());
      setMapping(preview.mapping);
      setStage({ step: 'map', file, preview });
    } catch (error) {
      const message = uploadErrorMessage(error);
      if (message !== null) setStage({ step: 'choose', error: message });
    }
  };

  const start = async (file: File, preview: RedImportPreview) => {
    const missing = missingRequired(mapping);
    if (missing) {
      setStage({ step: 'map', file, preview, error: missing });
      return;
    }
    setStage({ step: 'upload', file, percent: 0 });
    try {
      const jobId = await startImport(file, {
        mapping,
        source: source.trim() || undefined,
        signal: fresh(),
        onProgress: ({ loaded, total }) =>
          setStage({ step: 'upload', file, percent: total > 0 ? Math.floor((loaded / total) * 100) : 0 }),
      });
      setStage({ step: 'job', file, jobId });
    } catch (error) {
      // A cancel has already gone back to choosing a file.
      const message = uploadErrorMessage(error);
      if (message !== null) setStage({ step: 'map', file, preview, error: message });
    }
  };

  return (
    <div className="red-page red-import">
      <section className="red-card" aria-label="导入笔记">
        <header className="red-card-head">
          <h2>导入笔记</h2>
          {stage.step !== 'choose' ? <span className="red-import-file">{stage.file.name}</span> : null}
        </header>
        {stage.step === 'choose' || stage.step === 'preview' ? (
          <>
            <p className="red-import-intro">
              上传数据服务商导出的 CSV、JSONL 或 XLSX 文件（UTF-8 编码），核对每个字段对应的列后开始导入。
              笔记ID已存在的笔记不会重复导入。
            </p>
            {stage.step === 'choose' && stage.error ? (
              <Alert type="error" showIcon title={stage.error} className="red-import-alert" />
            ) : null}
            {stage.step === 'preview' ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : (
              <Upload.Dragger
                accept={ACCEPT}
                multiple={false}
                showUploadList={false}
                beforeUpload={(file) => {
                  void pick(file);
                  return false;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">点击或拖入文件</p>
                <p className="ant-upload-hint">支持 .csv、.jsonl、.xlsx</p>
              </Upload.Dragger>
            )}
          </>
        ) : null}
        {stage.step === 'map' ? (
          <>
            <p className="red-import-intro">已按表头猜测每个字段对应的列，请核对；不需要的字段选“不导入”。</p>
            <ImportMapping preview={stage.preview} mapping={mapping} onChange={setMapping} />
            <div className="red-import-actions">
              <Input
                className="red-import-source"
                placeholder="来源（选填，默认“文件导入”）"
                maxLength={50}
                value={source}
                onChange={(event) => setSource(event.target.value)}
                aria-label="来源"
              />
              {stage.error ? <Alert type="error" showIcon title={stage.error} /> : null}
              <div className="red-row">
                <Button onClick={() => setStage({ step: 'choose' })}>重新选择文件</Button>
                <Button type="primary" onClick={() => void start(stage.file, stage.preview)}>
                  开始导入
                </Button>
              </div>
            </div>
          </>
        ) : null}
        {stage.step === 'upload' ? (
          <div className="red-import-progress">
            <p className="red-import-state" aria-live="polite">
              上传中…
            </p>
            <Progress percent={stage.percent} status="active" />
            <Button
              onClick={() => {
                controller.current?.abort();
                setStage({ step: 'choose' });
              }}
            >
              取消
            </Button>
          </div>
        ) : null}
        {stage.step === 'job' ? (
          <>
            {status.data ? (
              <ImportProgress status={status.data} />
            ) : status.isError ? (
              <Alert
                type="error"
                showIcon
                title="导入进度读取失败"
                action={<Button onClick={() => void status.refetch()}>重试</Button>}
              />
            ) : (
              <Skeleton active paragraph={{ rows: 3 }} />
            )}
            <div className="red-row red-import-done">
              <Button onClick={() => setStage({ step: 'choose' })}>再导入一个文件</Button>
              {status.data?.status === 'done' ? (
                <Button type="primary" onClick={() => void navigate('/red/overview/insight')}>
                  查看洞察
                </Button>
              ) : null}
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}
