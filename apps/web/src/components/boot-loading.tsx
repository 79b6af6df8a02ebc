/**
 * Shown while the first route resolves; plain CSS so the entry does not carry antd's Spin.
 * index.html carries the same markup, so the page paints it before any script has run.
 */
export function BootLoading() {
  return (
    <div className="portal-boot" role="status">
      <span className="portal-boot-dot" />
      <span className="portal-boot-text">加载中…</span>
    </div>
  );
}
