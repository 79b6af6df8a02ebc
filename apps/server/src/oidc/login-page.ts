const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The built-in provider's sign-in form. Plain HTML, no script, so the strict CSP holds. */
export function loginPage(opts: { action: string; title: string; error?: string; login?: string }): string {
  const error = opts.error ? `<p class="error" role="alert">${escape(opts.error)}</p>` : '';
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>登录 - ${escape(opts.title)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f5f7fa;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f}
form{background:#fff;padding:32px 36px;border-radius:12px;box-shadow:0 6px 24px rgba(0,0,0,.08);width:320px}
h1{font-size:20px;margin:0 0 4px}
.hint{color:#8c8c8c;font-size:13px;margin:0 0 20px}
label{display:block;font-size:14px;margin:14px 0 6px}
input{box-sizing:border-box;width:100%;padding:9px 11px;border:1px solid #d9d9d9;border-radius:6px;font-size:14px}
button{margin-top:22px;width:100%;padding:10px;border:0;border-radius:6px;background:#1677ff;color:#fff;font-size:15px;cursor:pointer}
.error{color:#ff4d4f;font-size:14px;margin:0 0 8px}
</style>
</head>
<body>
<form method="post" action="${escape(opts.action)}" autocomplete="off">
<h1>${escape(opts.title)}</h1>
<p class="hint">内置身份认证（开发与演示用）</p>
${error}
<label for="login">账号</label>
<input id="login" name="login" required autofocus value="${escape(opts.login ?? '')}">
<label for="password">密码</label>
<input id="password" name="password" type="password" required>
<button type="submit">登录</button>
</form>
</body>
</html>`;
}

/** Shown when a sign-in page is opened after its interaction expired or without its cookie. */
export function expiredPage(opts: { title: string; restartUrl: string }): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>登录 - ${escape(opts.title)}</title></head>
<body>
<p>登录请求无效或已过期，请重新登录。</p>
<p><a href="${escape(opts.restartUrl)}">返回登录</a></p>
</body>
</html>`;
}
