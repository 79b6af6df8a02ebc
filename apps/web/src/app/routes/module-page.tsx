import { useMatches } from 'react-router';
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
  return <ModuleWelcome appKey={appKeyOfRoute(top)} title={title} />;
}
