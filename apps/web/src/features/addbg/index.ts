export { AddbgWorkbenchPage } from './pages/workbench-page';
export { AddbgWelcomePage } from './pages/welcome-page';
export { AddbgDesignerPage } from './pages/designer-page';
