import type { KeyboardEvent } from 'react';
import Flex from 'antd/es/flex';
import type { AppListEntry } from '@portal/contract';
import { AppIcon } from '../../../components/app-icon';

interface AppCardProps {
  app: AppListEntry;
  onOpen(app: AppListEntry): void;
}

export function AppCard({ app, onOpen }: AppCardProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onOpen(app);
  };
  return (
    <div
      className="portal-card portal-card-hoverable"
      data-testid="app-card"
      data-app-key={app.app_key}
      data-authorized={app.be_authorized}
      role="button"
      tabIndex={0}
      aria-label={app.be_authorized ? app.app_name : `${app.app_name}（无权限）`}
      onClick={() => onOpen(app)}
      onKeyDown={onKeyDown}
      style={{ height: '100%', opacity: app.be_authorized ? 1 : 0.55 }}
    >
      <Flex gap={12} align="flex-start">
        <AppIcon icon={app.app_icon} name={app.app_name} />
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Flex gap={8} align="center">
            <strong className="portal-ellipsis">{app.app_name}</strong>
            {app.be_authorized ? null : <span className="portal-tag">无权限</span>}
          </Flex>
          <p className="portal-secondary portal-clamp-2">{app.description || '暂无介绍'}</p>
        </Flex>
      </Flex>
    </div>
  );
}
