/*
 * The welcome screen as a chunk of its own: an empty conversation and the question box, without
 * the message list, the answer runner or the response schemas, which load with the first question.
 */
export { ChatWelcomePage } from './pages/chat-welcome-page';
