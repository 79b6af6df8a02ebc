/*
 * The session tools of section 2: /brainstorm (创意头脑风暴), /insight (用户感性洞察, on the same
 * screens) and /pdf (PDF文档分析). One shell (sessions, files, thread) with each tool's own views.
 */
export { SessionWelcomePage } from './pages/session-welcome-page';
export { SessionPage } from './pages/session-page';
