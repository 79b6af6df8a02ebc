export { ChatWelcomePage } from './pages/chat-welcome-page';
export { ChatSessionPage } from './pages/chat-session-page';
export { chatModuleConfig, chatModuleConfigs, type ChatModuleConfig } from './config/chat-modules';
