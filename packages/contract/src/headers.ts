/**
 * Header names of section 7. Kept apart from the zod schemas: the web app's first screen needs
 * these constants and must not pull zod in with them.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Bearer token of the search service, sent by the browser on every request (section 7). */
export const SEARCH_TOKEN_HEADER = 'x-search-token';
