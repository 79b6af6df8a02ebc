import { Typography } from 'antd';
import { useWorkbench } from '../store/workbench-store';
import { ProjectSelect } from './project-select';
import { ToolSwitcher } from './tool-switcher';
import { UsageTag } from './usage-tag';

/** The head of the logo, style and describe tools: as the workbench's, the project shared with it. */
export function ToolHeader({ project = true }: { project?: boolean }) {
  const projectId = useWorkbench((s) => s.projectId);
  const pick = useWorkbench((s) => s.pick);
  return (
    <header className="ab-header">
      <Typography.Title level={4} style={{ margin: 0 }}>
        图片设计
      </Typography.Title>
      <ToolSwitcher />
      <UsageTag />
      {project && <ProjectSelect value={projectId} onChange={(id) => pick({ projectId: id })} />}
    </header>
  );
}
