/**
 * The chat response schemas (zod) as a chunk of their own, loaded by the first chat call that
 * checks a response, while that call's request is under way (pass the promise as the call's
 * `schema`): the welcome screen paints and takes a question without evaluating them.
 */
export const loadChatParsers = () => import('./parsers');
