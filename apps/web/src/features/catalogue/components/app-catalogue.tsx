import { useMemo, useState } from 'react';
import { useAppList } from '../api/get-app-list';
import { useOpenApp } from '../hooks/use-open-app';
import { ALL_SCENES, groupApps, sceneTagsOf } from '../utils/group-apps';
import { AppCard } from './app-card';
import { CatalogueFilters } from './catalogue-filters';

/** Placeholder cards while the list loads, in the grid's own shape so nothing jumps. */
function CatalogueSkeleton() {
  return (
    <div className="portal-card-grid" aria-busy="true" aria-label="正在加载应用">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="portal-card portal-skeleton-card" />
      ))}
    </div>
  );
}

export function AppCatalogue() {
  const { data, isPending, isError } = useAppList();
  const openApp = useOpenApp();
  const [scene, setScene] = useState(ALL_SCENES);
  const [search, setSearch] = useState('');
  const apps = useMemo(() => data ?? [], [data]);
  const scenes = useMemo(() => [ALL_SCENES, ...sceneTagsOf(apps)], [apps]);
  const groups = useMemo(() => groupApps(apps, scene, search), [apps, scene, search]);

  return (
    <div className="portal-catalogue">
      <CatalogueFilters scenes={scenes} scene={scene} onScene={setScene} search={search} onSearch={setSearch} />
      {isPending ? (
        <CatalogueSkeleton />
      ) : groups.length === 0 ? (
        <p className="portal-empty" role="status">
          {isError ? '应用列表加载失败' : '没有找到匹配的应用'}
        </p>
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
    </div>
  );
}
