import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import type { AppListEntry } from '@portal/contract';
import { AppIcon } from '../../../components/app-icon';
import { useAppDetail } from '../../catalogue/api/get-app-detail';
import { useUserStore } from '../../auth/store/user-store';
import { moduleTitles } from '../module-meta';

interface ModuleWelcomeProps {
  appKey: string;
  /** The page's own title (e.g. 会话-行业分析报告); the catalogue name otherwise. */
  title?: string;
}

/** The welcome screen of a module whose working pages are not there yet. */
export function ModuleWelcome({ appKey, title }: ModuleWelcomeProps) {
  const detail = useAppDetail(appKey);
  const listed = useUserStore((s) => s.accountInfo?.app_list.find((app) => app.app_key === appKey));
  const entry: Partial<AppListEntry> | undefined = detail.data ?? listed;
  const name = title ?? entry?.app_name ?? moduleTitles[appKey] ?? appKey;

  return (
    <Flex justify="center" className="portal-welcome">
      <div className="portal-card" style={{ maxWidth: 640, width: '100%' }}>
        {detail.isPending && !listed ? (
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
