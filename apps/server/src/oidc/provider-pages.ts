import type { Configuration, ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { messagePage } from './login-page';
import { escapeHtml, pageShell } from './page-shell';

/** Where a page sends someone to start over: the portal's own sign-in, on the issuer's origin. */
const RESTART_URL = '/login';

/**
 * The provider's own pages (its errors, the sign-out question and its answer) in the portal's
 * Chinese and look, instead of the library's defaults, which load a web font from the internet.
 */
export function providerPages(title: string): Pick<Configuration, 'renderError'> & {
  logoutSource(ctx: KoaContextWithOIDC, form: string): void;
  postLogoutSuccessSource(ctx: KoaContextWithOIDC): void;
} {
  return {
    renderError(ctx: KoaContextWithOIDC, out: ErrorOut) {
      ctx.type = 'html';
      ctx.body = messagePage({
        title,
        message: '登录请求无法完成，请返回门户重新登录。',
        detail: `错误代码：${out.error}`,
        restartUrl: RESTART_URL,
      });
    },
    // `form` is the provider's hidden form with its anti-forgery field; the buttons submit it.
    logoutSource(ctx: KoaContextWithOIDC, form: string) {
      ctx.type = 'html';
      ctx.body = pageShell(
        `退出登录 - ${title}`,
        `<div class="card">
<h1>${escapeHtml(title)}</h1>
<p>要退出内置身份认证的登录吗？</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>退出登录</button>
<button type="submit" form="op.logoutForm" class="secondary">保持登录</button>
</div>`,
      );
    },
    postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
      ctx.type = 'html';
      ctx.body = messagePage({ title, message: '已退出登录。', restartUrl: RESTART_URL });
    },
  };
}
