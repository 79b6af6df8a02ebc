import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '@portal/contract';
import { showNotice } from '../lib/ui-bridge';

/**
 * A session address whose id cannot be one: the module's welcome page with a short notice, as
 * for an id the server does not know (4000), instead of failed calls and raw validation text.
 */
export function MissingSession({ home }: { home: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(home, { replace: true });
    showNotice(ErrorMessage.sessionGone);
  }, [home, navigate]);
  return null;
}
