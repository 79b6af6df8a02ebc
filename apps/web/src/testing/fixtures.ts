import type { AccountInfo, AppListEntry, StoredUserInfo } from '@portal/contract';

export function appEntry(overrides: Partial<AppListEntry> = {}): AppListEntry {
  const key = overrides.app_key ?? 'chatgpt';
  return {
    id: 1,
    app_key: key,
    app_name: key.toUpperCase(),
    app_icon: '',
    app_url: `/${key}`,
    description: '',
    be_authorized: true,
    type_tags: [],
    scene_tags: [],
    order: 0,
    ...overrides,
  };
}

export function accountInfo(overrides: Partial<AccountInfo> = {}): AccountInfo {
  return {
    id: 7,
    user_name: '张三',
    mobile: '13800000000',
    email: 'zhangsan@example.com',
    avatar: '',
    is_admin: false,
    app_list: [appEntry({ app_key: 'chatgpt' }), appEntry({ app_key: 'deepseek', be_authorized: false })],
    ...overrides,
  };
}

export function storedUser(overrides: Partial<StoredUserInfo> = {}): StoredUserInfo {
  return {
    access_token: { token: 'access-1', expire_at: 0 },
    refresh_token: { token: 'refresh-1', expire_at: 0 },
    account_info: accountInfo(),
    ...overrides,
  };
}
