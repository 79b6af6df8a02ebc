import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import type { EmbeddedStatus } from '@portal/contract';

/** No address configured: administrators learn how to connect the tool, staff that it is not yet. */
export function NotConnected({ status, title }: { status: EmbeddedStatus; title: string }) {
  if (!status.is_admin) {
    return <Result status="info" title="尚未接入" subTitle={`${title} 还没有接入门户，请联系管理员。`} />;
  }
  const example = JSON.stringify(
    {
      embedded: {
        [status.app_key]: { url: status.app_key === 'comfyui' ? 'http://10.0.0.5:8188' : 'http://10.0.0.6:7860' },
      },
    },
    null,
    2,
  );
  return (
    <Result
      status="info"
      title={`尚未接入 ${title}`}
      subTitle={
        <div className="embedded-howto">
          <Typography.Paragraph>
            在服务器配置文件中设置 <Typography.Text code>{status.config_key}</Typography.Text>{' '}
            为工具的内网地址，然后重启门户。工具只经由门户访问，请勿把它的端口开放给员工。
          </Typography.Paragraph>
          <pre className="embedded-config">{example}</pre>
        </div>
      }
    />
  );
}
