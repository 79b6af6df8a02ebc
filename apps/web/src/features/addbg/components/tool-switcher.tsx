import { Tabs } from 'antd';
import { ADDBG_TOOLS, useAddbgTool } from '../tool-param';

/** The designer's tools as tabs (arrow keys move between them); the choice lives in the address. */
export function ToolSwitcher() {
  const [tool, open] = useAddbgTool();
  return (
    <Tabs
      className="ab-tools"
      aria-label="设计工具"
      activeKey={tool}
      onChange={(key) => open(key as typeof tool)}
      items={ADDBG_TOOLS.map((t) => ({ key: t.id, label: t.label }))}
    />
  );
}
