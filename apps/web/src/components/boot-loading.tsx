/** Shown while the first route resolves; plain CSS so the entry does not carry antd's Spin. */
export function BootLoading() {
  return (
    <div className="portal-boot" role="status" aria-label="加载中">
      <span className="portal-boot-dot" />
    </div>
  );
}
