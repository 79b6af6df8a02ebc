import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import type { AppListEntry } from '@portal/contract';
import { AppIcon } from '../../../components/app-icon';
import { moduleTitles } from '../module-meta';

interface ModuleWelcomeProps {
  appKey: string;
  /** The page's own title (e.g. 会话-行业分析报告); the catalogue name otherwise. */
  title?: string;
  /** The app's catalogue entry, when known. */
  entry?: Partial<AppListEntry>;
  /** The entry is still being fetched. */
  loading?: boolean;
}

/** The welcome screen of a module whose working pages are not there yet. */
export function ModuleWelcome({ appKey, title, entry, loading }: ModuleWelcomeProps) {
  const name = title ?? entry?.app_name ?? moduleTitles[appKey] ?? appKey;

  return (
    <Flex justify="center" className="portal-welcome">
      <div className="portal-card" style={{ maxWidth: 640, width: '100%' }}>
        {loading && !entry ? (
          <Skeleton avatar active paragraph={{ rows: 2 }} />
        ) : (
          <Flex vertical gap={16} align="center" style={{ textAlign: 'center' }}>
            <AppIcon icon={entry?.app_icon} name={name} size={64} />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {name}
            </Typography.Title>
            {entry?.description ? (
              <Typography.Paragraph type="secondary">{entry.description}</Typography.Paragraph>
            ) : null}
            <Alert type="info" showIcon title="即将上线" description="该模块正在准备中，暂时还不能使用，敬请期待。" />
          </Flex>
        )}
      </div>
    </Flex>
  );
}
