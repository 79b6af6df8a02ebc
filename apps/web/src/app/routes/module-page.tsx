import { useMatches } from 'react-router';
import { useUserStore } from '../../features/auth/store/user-store';
import { useAppDetail } from '../../features/catalogue/api/get-app-detail';
import { ModuleWelcome } from '../../features/modules/components/module-welcome';
import { appKeyOfRoute } from '../../lib/rights';
import { handleOf, routeNamesOf } from '../route-handle';

/** Every module page for now: the module's welcome screen, titled by the deepest route. */
export default function ModulePage() {
  const matches = useMatches();
  const top = routeNamesOf(matches)[0] ?? 'chatgpt';
  const title = [...matches]
    .reverse()
    .map((m) => handleOf(m).title)
    .find(Boolean);
  const appKey = appKeyOfRoute(top);
  const detail = useAppDetail(appKey);
  const listed = useUserStore((s) => s.accountInfo?.app_list.find((app) => app.app_key === appKey));
  return <ModuleWelcome appKey={appKey} title={title} entry={detail.data ?? listed} loading={detail.isPending} />;
}
