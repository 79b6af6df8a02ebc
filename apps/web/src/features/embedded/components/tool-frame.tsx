import { useCallback, useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import type { EmbeddedAppKey } from '@portal/contract';
import { getEmbedCode } from '../api/get-code';

type FrameState = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'error'; message: string };

/**
 * The tool in a frame filling the module area. The frame cannot carry the bearer token, so the
 * page asks for a one-time code and loads its address: the server swaps it for a cookie valid on
 * the tool's path only. 重新连接 asks for a new code (after a long pause the cookie may have expired).
 */
export function ToolFrame({ appKey, title }: { appKey: EmbeddedAppKey; title: string }) {
  const [state, setState] = useState<FrameState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reconnect = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let alive = true;
    setState({ kind: 'loading' });
    getEmbedCode(appKey)
      .then((data) => alive && setState({ kind: 'ready', url: data.embed_url }))
      .catch((err: unknown) => {
        if (alive) setState({ kind: 'error', message: err instanceof Error ? err.message : '连接失败，请稍后再试' });
      });
    return () => {
      alive = false;
    };
  }, [appKey, attempt]);

  return (
    <div className="embedded-area">
      <div className="embedded-bar">
        <span className="embedded-title">{title}</span>
        <Button size="small" onClick={reconnect} disabled={state.kind === 'loading'}>
          重新连接
        </Button>
      </div>
      <div className="embedded-body">
        {state.kind === 'loading' && (
          <div className="embedded-center">
            <Spin tip="正在连接…">
              <div style={{ width: 160, height: 80 }} />
            </Spin>
          </div>
        )}
        {state.kind === 'error' && (
          <Result
            status="warning"
            title="无法打开工具"
            subTitle={state.message}
            extra={
              <Button type="primary" onClick={reconnect}>
                重试
              </Button>
            }
          />
        )}
        {state.kind === 'ready' && (
          <iframe
            key={state.url}
            className="embedded-frame"
            src={state.url}
            title={title}
            allow="clipboard-read; clipboard-write; fullscreen"
          />
        )}
      </div>
    </div>
  );
}
