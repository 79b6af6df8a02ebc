import { App, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useAddbgTool } from '../tool-param';
import { AddbgWorkbenchPage } from './workbench-page';

const LogoTool = lazy(() => import('../tools/logo-tool').then((m) => ({ default: m.LogoTool })));
const StyleTool = lazy(() => import('../tools/style-tool').then((m) => ({ default: m.StyleTool })));
const DescribeTool = lazy(() => import('../tools/describe-tool').then((m) => ({ default: m.DescribeTool })));

/** /addbg/workbench: the product workbench, or the tool `?tool=` names (each its own chunk). */
export function AddbgDesignerPage() {
  // The portal has no antd <App> around its routes, and the designer's toasts come from
  // App.useApp(): without this holder its message.success / error were not functions, so a
  // success toast threw and skipped what followed it (the list refresh after deleting a photo set).
  return (
    <App component={false}>
      <DesignerTool />
    </App>
  );
}

function DesignerTool() {
  const [tool] = useAddbgTool();
  if (tool === 'product') return <AddbgWorkbenchPage />;
  return (
    <Suspense
      fallback={
        <div className="ab-page">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      }
    >
      {tool === 'logo' ? <LogoTool /> : tool === 'style' ? <StyleTool /> : <DescribeTool />}
    </Suspense>
  );
}
