import { CHAT_MODULES, type AccountInfo, type AppListEntry, type StoredUserInfo } from '@portal/contract';

/** Two apps of the module table for catalogue data: the first granted, the second not. */
const grantedApp: string = CHAT_MODULES[0]!;
const refusedApp: string = CHAT_MODULES[1]!;

export function appEntry(overrides: Partial<AppListEntry> = {}): AppListEntry {
  const key = overrides.app_key ?? grantedApp;
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
    app_list: [appEntry({ app_key: grantedApp }), appEntry({ app_key: refusedApp, be_authorized: false })],
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
