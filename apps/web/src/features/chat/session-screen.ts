/*
 * The session screen's chunk: a conversation's messages and the answer runner. The welcome screen
 * takes the conversation list (on a wide screen, or when opened on a phone) and the answer runner
 * (with the first question) from here too: one chunk rather than one per part, each of which costs
 * its own request and compresses worse alone.
 */
export { ChatSessionPage } from './pages/chat-session-page';
export { ConversationSidebar } from './components/conversation-sidebar';
export { chatAsk } from './store/chat-ask';
