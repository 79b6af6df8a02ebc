import { useMemo, useState } from 'react';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Search from 'antd/es/input/Search';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { useAppList } from '../api/get-app-list';
import { useOpenApp } from '../hooks/use-open-app';
import { ALL_SCENES, groupApps, sceneTagsOf } from '../utils/group-apps';
import { AppCard } from './app-card';

export function AppCatalogue() {
  const { data, isPending, isError } = useAppList();
  const openApp = useOpenApp();
  const [scene, setScene] = useState(ALL_SCENES);
  const [search, setSearch] = useState('');
  const apps = useMemo(() => data ?? [], [data]);
  const scenes = useMemo(() => [ALL_SCENES, ...sceneTagsOf(apps)], [apps]);
  const groups = useMemo(() => groupApps(apps, scene, search), [apps, scene, search]);

  return (
    <Flex vertical gap={24}>
      <Flex gap={16} wrap justify="space-between" align="center">
        <Segmented options={scenes} value={scene} onChange={(value) => setScene(String(value))} />
        <Search
          allowClear
          placeholder="搜索应用名称"
          aria-label="搜索应用名称"
          style={{ maxWidth: 320 }}
          onSearch={setSearch}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Flex>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : groups.length === 0 ? (
        <Empty description={isError ? '应用列表加载失败' : '没有找到匹配的应用'} />
      ) : (
        groups.map((group) => (
          <section key={group.tag} aria-label={group.tag}>
            <h4 className="portal-group-title" data-testid="app-group-title">
              {group.tag}
            </h4>
            <div className="portal-card-grid">
              {group.apps.map((app) => (
                <AppCard key={app.app_key} app={app} onOpen={(entry) => void openApp(entry)} />
              ))}
            </div>
          </section>
        ))
      )}
    </Flex>
  );
}
