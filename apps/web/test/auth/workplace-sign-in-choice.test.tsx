import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { WorkplaceSignIn } from '../../src/features/auth/components/workplace-sign-in';
import { installDomPolyfills } from '../../src/testing/dom-polyfills';

beforeAll(() => installDomPolyfills());
afterEach(() => cleanup());

const providers = [{ name: 'wecom' as const, label: '企业微信', qr: true }];

describe('the sign-in choice', () => {
  it('offers the company account while the server has OIDC or the built-in provider', () => {
    render(<WorkplaceSignIn providers={providers} oidc from="" forceLogin={false} title="登录" />);
    expect(screen.getByRole('button', { name: /企业微信登录/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /企业账号登录/ })).toBeTruthy();
  });

  it('leaves it out when only workplace providers are configured', () => {
    render(<WorkplaceSignIn providers={providers} oidc={false} from="" forceLogin={false} title="登录" />);
    expect(screen.getByRole('button', { name: /企业微信登录/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /企业账号登录/ })).toBeNull();
  });
});
