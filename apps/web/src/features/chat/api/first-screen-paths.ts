/**
 * The addresses of a chat module's calls that its screens ask for on their first render (the
 * route's prefetch). Plain strings without imports: the build's early-request table
 * (`vite.config.ts`, `src/boot/first-requests.ts`) is made from them too, so the early requests
 * are the very ones the queries make.
 */
export const chatApiPathOf = (module: string) => `/api/${module}`;

export const chatFirstScreenPaths = (chatApiPath: string) => ({
  conversations: `${chatApiPath}/conversation/list`,
  models: `${chatApiPath}/models`,
  usage: `${chatApiPath}/promptQueue/list`,
});
