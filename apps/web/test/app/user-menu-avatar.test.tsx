import { cleanup, fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { UserMenu } from '../../src/app/layouts/user-menu';
import { useUserStore } from '../../src/features/auth/store/user-store';
import { loadRuntimeConfig } from '../../src/lib/runtime-config';
import { accountInfo } from '../../src/testing/fixtures';

const AVATAR = 'https://wework.qpic.cn/wwpic/123/0';

async function allowImageHosts(imageHosts: string[]) {
  await loadRuntimeConfig((async () => Response.json({ imageHosts })) as unknown as typeof fetch);
}

function renderMenu(avatar: string) {
  useUserStore.setState({ accountInfo: accountInfo({ avatar }) });
  return render(
    <MemoryRouter>
      <UserMenu />
    </MemoryRouter>,
  ).container;
}

afterEach(async () => {
  cleanup();
  await allowImageHosts([]);
});

describe('the user menu avatar', () => {
  it('is not loaded from a host that is not allowed: the icon shows instead', () => {
    const menu = renderMenu(AVATAR);
    expect(menu.querySelector('img')).toBeNull();
    expect(menu.querySelector('.portal-user-avatar .anticon-user')).not.toBeNull();
  });

  it('loads from an allowed host, and gives way to the icon when it fails', async () => {
    await allowImageHosts(['wework.qpic.cn']);
    const menu = renderMenu(AVATAR);
    const img = menu.querySelector('img');
    expect(img?.getAttribute('src')).toBe(AVATAR);
    fireEvent.error(img!);
    expect(menu.querySelector('img')).toBeNull();
    expect(menu.querySelector('.portal-user-avatar .anticon-user')).not.toBeNull();
  });
});
