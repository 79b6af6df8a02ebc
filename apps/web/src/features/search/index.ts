/* 研究模式 of 智能搜索助手, on the search service. */
export { ResearchPage } from './pages/research-page';
export type { SearchIdentity } from './api/search-api';
