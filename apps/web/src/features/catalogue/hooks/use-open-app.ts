import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { AppListEntry } from '@portal/contract';
import { trackAppOpen } from '../../../lib/analytics';
import { isKnownRoute } from '../../../lib/route-registry';
import { showError } from '../../../lib/ui-bridge';
import { getTokenKey } from '../api/get-token-key';
import { browserPendingWindow, openApp } from '../utils/open-app';

export function useOpenApp() {
  const navigate = useNavigate();
  return useCallback(
    (app: Pick<AppListEntry, 'app_key' | 'app_url' | 'be_authorized'>) =>
      openApp(app, {
        isKnownRoute,
        getTokenKey,
        navigate: (to) => void navigate(to),
        assign: (url) => window.location.assign(url),
        openWindow: (url) => void window.open(url, '_blank', 'noopener'),
        prepareWindow: () => browserPendingWindow(),
        track: trackAppOpen,
        showError,
      }).catch(() => undefined),
    [navigate],
  );
}
