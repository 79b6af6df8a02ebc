import type { KeyboardEvent } from 'react';
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
      className={`portal-card portal-card-hoverable portal-app-card${app.be_authorized ? '' : ' portal-app-card-refused'}`}
      data-testid="app-card"
      data-app-key={app.app_key}
      data-authorized={app.be_authorized}
      role="button"
      tabIndex={0}
      aria-label={app.be_authorized ? app.app_name : `${app.app_name}（无权限）`}
      onClick={() => onOpen(app)}
      onKeyDown={onKeyDown}
    >
      <AppIcon icon={app.app_icon} name={app.app_name} />
      <div className="portal-app-card-text">
        <div className="portal-app-card-name">
          <strong className="portal-ellipsis">{app.app_name}</strong>
          {app.be_authorized ? null : <span className="portal-tag">无权限</span>}
        </div>
        <p className="portal-secondary portal-clamp-2">{app.description || '暂无介绍'}</p>
      </div>
    </div>
  );
}
