import { useEffect, useRef, useState } from 'react';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { mayLoadImage } from '../../lib/image-hosts';
import { useUserStore } from '../../features/auth/store/user-store';

/**
 * Avatar, name and a one-entry menu. Hand-rolled instead of antd Dropdown and Avatar to keep the
 * popup and motion code out of every page's first load; it closes on Escape and on a click elsewhere.
 * `compact` (phones) shows the avatar only, leaving the narrow header to the menu button and title.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const account = useUserStore((s) => s.accountInfo);
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // Workplace and OIDC avatars live on the provider's servers: shown when the operator allowed
  // that host (`image_proxy.allowed_hosts`, the CSP's img-src), else, or when it fails, the icon.
  const [failedAvatar, setFailedAvatar] = useState<string>();
  const avatar =
    account?.avatar && account.avatar !== failedAvatar && mayLoadImage(account.avatar) ? account.avatar : '';

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="portal-user-menu" ref={root}>
      <button
        type="button"
        className="portal-user-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="用户菜单"
        data-testid="user-menu"
        onClick={() => setOpen((v) => !v)}
      >
        <span className="portal-user-avatar" aria-hidden="true">
          {avatar ? (
            <img src={avatar} alt="" width={32} height={32} onError={() => setFailedAvatar(avatar)} />
          ) : (
            <UserOutlined />
          )}
        </span>
        {compact ? null : <span>{account?.user_name ?? ''}</span>}
      </button>
      {open ? (
        <ul className="portal-user-popup" role="menu">
          <li role="none">
            <button
              type="button"
              role="menuitem"
              autoFocus
              onClick={() => {
                setOpen(false);
                void logout();
              }}
            >
              <LogoutOutlined /> 退出登录
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
