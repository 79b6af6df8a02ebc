/* 行业分析报告 (/report): the library welcome screen and the conversation screen, one lazy chunk. */
export { ReportWelcomePage } from './pages/report-welcome-page';
export { ReportSessionPage } from './pages/report-session-page';
