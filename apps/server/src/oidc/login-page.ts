import { escapeHtml, pageShell } from './page-shell';

/** The built-in provider's sign-in form. Plain HTML, no script, so the strict CSP holds. */
export function loginPage(opts: { action: string; title: string; error?: string; login?: string }): string {
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  return pageShell(
    `登录 - ${opts.title}`,
    `<form class="card" method="post" action="${escapeHtml(opts.action)}" autocomplete="off">
<h1>${escapeHtml(opts.title)}</h1>
<p class="hint">内置身份认证（开发与演示用）</p>
${error}
<label for="login">账号</label>
<input id="login" name="login" required autofocus value="${escapeHtml(opts.login ?? '')}">
<label for="password">密码</label>
<input id="password" name="password" type="password" required>
<button type="submit">登录</button>
</form>`,
  );
}

/** A short message with a way back to the portal's sign-in: stale interactions, refused requests. */
export function messagePage(opts: { title: string; message: string; restartUrl: string; detail?: string }): string {
  const detail = opts.detail ? `<p class="hint">${escapeHtml(opts.detail)}</p>` : '';
  return pageShell(
    `登录 - ${opts.title}`,
    `<div class="card">
<h1>${escapeHtml(opts.title)}</h1>
<p>${escapeHtml(opts.message)}</p>
${detail}
<p><a href="${escapeHtml(opts.restartUrl)}">返回登录</a></p>
</div>`,
  );
}

/** Shown when a sign-in page is opened after its interaction expired or without its cookie. */
export function expiredPage(opts: { title: string; restartUrl: string }): string {
  return messagePage({ ...opts, message: '登录请求无效或已过期，请重新登录。' });
}
