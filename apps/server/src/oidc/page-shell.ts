import { createHash } from 'node:crypto';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The one stylesheet of every page under /oidc, inline so the pages load nothing else (no fonts or
 * styles from the internet). The CSP allows exactly this text by its hash, not inline styles at large.
 */
const PAGE_STYLE = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f5f7fa;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f}
.card{background:#fff;padding:32px 36px;border-radius:12px;box-shadow:0 6px 24px rgba(0,0,0,.08);width:320px}
h1{font-size:20px;margin:0 0 4px}
.hint{color:#8c8c8c;font-size:13px;margin:0 0 20px}
label{display:block;font-size:14px;margin:14px 0 6px}
input{box-sizing:border-box;width:100%;padding:9px 11px;border:1px solid #d9d9d9;border-radius:6px;font-size:14px}
button{margin-top:22px;width:100%;padding:10px;border:0;border-radius:6px;background:#1677ff;color:#fff;font-size:15px;cursor:pointer}
button.secondary{margin-top:10px;background:#fff;color:#1f1f1f;border:1px solid #d9d9d9}
a{color:#1677ff}
.error{color:#ff4d4f;font-size:14px;margin:0 0 8px}
`;

/** The CSP source that allows PAGE_STYLE and nothing else inline. */
export const PAGE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

/** A complete Chinese page around `body` (already HTML); `title` is escaped here. */
export function pageShell(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}
