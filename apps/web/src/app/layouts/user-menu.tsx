import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useUserStore } from '../../features/auth/store/user-store';

export function UserMenu() {
  const account = useUserStore((s) => s.accountInfo);
  const logout = useLogout();
  return (
    <Dropdown
      trigger={['click', 'hover']}
      menu={{
        items: [{ key: 'logout', icon: <LogoutOutlined />, label: '退出登录' }],
        onClick: ({ key }) => {
          if (key === 'logout') void logout();
        },
      }}
    >
      <Flex gap={8} align="center" style={{ cursor: 'pointer' }} tabIndex={0} role="button" aria-label="用户菜单" data-testid="user-menu">
        <Avatar src={account?.avatar || undefined} icon={<UserOutlined />} />
        <span>{account?.user_name ?? ''}</span>
      </Flex>
    </Dropdown>
  );
}
