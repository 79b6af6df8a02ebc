import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authStorage } from '../../../lib/auth-storage';
import { loginPathFrom } from '../../../lib/http-client';
import { logout } from '../api/logout';
import { useUserStore } from '../store/user-store';
import { reauthFlag } from '../utils/reauth-flag';

export function useLogout() {
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = useUserStore((s) => s.signOut);
  return useCallback(async () => {
    const refreshToken = authStorage.read()?.refresh_token.token;
    if (refreshToken) await logout(refreshToken).catch(() => undefined);
    signOut();
    reauthFlag.set();
    void navigate(loginPathFrom(location.pathname + location.search + location.hash), { replace: true });
  }, [navigate, location, signOut]);
}
