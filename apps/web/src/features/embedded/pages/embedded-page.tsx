import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useLocation } from 'react-router';
import { EMBEDDED_APP_KEYS, moduleTitleByName, type EmbeddedAppKey } from '@portal/contract';
import { useEmbeddedStatus } from '../api/get-status';
import { NotConnected } from '../components/not-connected';
import { ToolFrame } from '../components/tool-frame';
import '../components/embedded.css';

function appKeyOf(pathname: string): EmbeddedAppKey {
  const first = pathname.split('/')[1] ?? '';
  return (EMBEDDED_APP_KEYS as readonly string[]).includes(first) ? (first as EmbeddedAppKey) : 'stablediffusion';
}

/** /stablediffusion and /comfyui: the same page, the tool of the route. */
export function EmbeddedPage() {
  const appKey = appKeyOf(useLocation().pathname);
  const title = moduleTitleByName[appKey];
  const status = useEmbeddedStatus(appKey);
  if (status.isPending) {
    return (
      <div className="embedded-area embedded-center">
        <Spin />
      </div>
    );
  }
  if (status.isError) {
    return (
      <div className="embedded-area embedded-center">
        <Result
          status="warning"
          title="加载失败"
          subTitle="无法读取工具的接入状态"
          extra={<Button onClick={() => void status.refetch()}>重试</Button>}
        />
      </div>
    );
  }
  if (!status.data.configured) {
    return (
      <div className="embedded-area embedded-center">
        <NotConnected status={status.data} title={title} />
      </div>
    );
  }
  return <ToolFrame key={appKey} appKey={appKey} title={title} />;
}
