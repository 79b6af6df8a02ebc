import { SEARCH_APP_DOI, type SearchStepName, type SearchWorkflow, type SearchWorkflowKind } from '@portal/contract';

const ALL_STEPS: SearchStepName[] = ['plan', 'search', 'read', 'summary', 'mind'];

/** The workflows of the research app; each is the same five steps over different sources. */
export const WORKFLOWS: readonly SearchWorkflow[] = [
  {
    workflow_id: 'quick',
    name: '快速搜索',
    kind: 'quick',
    description: '直接检索并给出带引用的回答',
    steps: ALL_STEPS,
  },
  {
    workflow_id: 'deep',
    name: '深度研究',
    kind: 'deep',
    description: '先规划检索词（可编辑），再检索、阅读网页与公司文档，写出总结与脑图',
    steps: ALL_STEPS,
  },
  {
    workflow_id: 'docs',
    name: '搜索我的文档',
    kind: 'docs',
    description: '只在报告库和我上传的文件中检索',
    steps: ALL_STEPS,
  },
];

export const SEARCH_APP_ID = SEARCH_APP_DOI;

export function workflowOf(id: string): SearchWorkflow | undefined {
  return WORKFLOWS.find((w) => w.workflow_id === id);
}

/** After the plan, deep and docs runs wait for the user to edit it; quick runs go straight on. */
export function pausesAfterPlan(kind: SearchWorkflowKind): boolean {
  return kind !== 'quick';
}
