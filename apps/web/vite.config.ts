import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { MODULE_ROUTES } from '../../packages/contract/src/modules';
import { NOTICE_API_PATHS } from '../../packages/contract/src/notice-paths';
import { firstRequestsPlugin } from './build/first-requests-plugin';
import { firstScreenChunks } from './build/first-screen-chunks';
import { headOrderPlugin } from './build/head-order-plugin';
import { antdLightPlugin } from './build/antd-light-plugin';
import { precompressPlugin } from './build/precompress-plugin';
import { routePreloadPlugin } from './build/route-preload-plugin';
import { versionFilePlugin } from './build/version-file-plugin';
import { chatApiPathOf, chatFirstScreenPaths } from './src/features/chat/api/first-screen-paths';

const root = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const backend = 'http://127.0.0.1:8080';
/** Addresses of the chat modules' screens, from the module table. */
const chatPaths = MODULE_ROUTES.filter((m) => m.kind === 'chat')
  .map((m) => m.path)
  .join('|');
/**
 * A chat screen's chunks, with its route's request prefetch (which would else wait for the entry)
 * and the response schemas its first replies are checked with (fetched, not evaluated, until then).
 */
const chatScreen = (screen: string) => [
  'src/app/layouts/app-layout.tsx',
  `src/features/chat/${screen}.ts`,
  'src/features/chat/route-prefetch.ts',
  'src/features/chat/api/parsers.ts',
];

/**
 * The API GETs of the first screens, started by index.html's early-request script while the app's
 * modules download: the account sync on every signed-in page, the header's notices and the page's
 * data on the catalogue and the chat screens (each chat module's only with the right to open it).
 */
const firstRequests = {
  everyPage: ['/api/user/info'],
  pages: [
    { path: '^/home/?$', api: [NOTICE_API_PATHS.list, '/api/app/list'] },
    ...MODULE_ROUTES.filter((m) => m.kind === 'chat').map((m) => {
      const paths = chatFirstScreenPaths(chatApiPathOf(m.name));
      return {
        path: `^${m.path}(?:/|$)`,
        appKey: m.appKey,
        api: [NOTICE_API_PATHS.list, paths.conversations, paths.models, paths.usage],
      };
    }),
  ],
};

/**
 * The usual first screen (the catalogue in the app layout) as one chunk, and a chat module's
 * welcome screen with its route's prefetch as another.
 */
const firstScreens = firstScreenChunks({
  screens: [
    { name: 'first-screen', roots: ['index.html', 'src/app/layouts/app-layout.tsx', 'src/app/routes/home.tsx'] },
    { name: 'chat-welcome', roots: ['src/features/chat/welcome-screen.ts', 'src/features/chat/route-prefetch.ts'] },
  ],
  otherPages: ['login.html'],
  leaveOut: /[\\/]node_modules[\\/]zod[\\/]/,
});

export default defineConfig({
  root,
  plugins: [
    react(),
    firstScreens.plugin,
    antdLightPlugin(),
    versionFilePlugin(pkg.version),
    // The signed-in first screen is a page inside the app layout, most often the catalogue; a link
    // to a chat module opens its screens first.
    routePreloadPlugin({
      modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/home.tsx'],
      byPath: [
        // A conversation's screen shows stored answers as soon as they arrive: the renderer is
        // fetched with it, not after them with their raw text shown meanwhile; so are the chat
        // descriptors (a chunk of their own) its calls are made through, so the messages are asked
        // for without waiting for them to download.
        {
          path: `^(?:${chatPaths})/session(?:/|$)`,
          modules: [
            ...chatScreen('session-screen'),
            'src/features/chat/api/endpoints.ts',
            'src/components/markdown/index.ts',
          ],
        },
        { path: `^(?:${chatPaths})(?:/|$)`, modules: chatScreen('welcome-screen') },
      ],
    }),
    // After the route preload: its script goes first in the head, its requests out first.
    firstRequestsPlugin({
      entry: fileURLToPath(new URL('./src/boot/first-requests.ts', import.meta.url)),
      table: firstRequests,
    }),
    headOrderPlugin({ firstChunk: 'first-screen' }),
    precompressPlugin(),
  ],
  resolve: {
    alias: [
      // Ant Design X's fallback locale imports antd's CommonJS build, which cannot be tree-shaken.
      { find: /^antd\/locale\/en_US$/, replacement: 'antd/es/locale/en_US' },
    ],
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/oidc': { target: backend, changeOrigin: false },
      '/app-config.json': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The byte-budget check reads which files each page loads from the manifest.
    manifest: true,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        // `/login` without a code: a page of a few KB that only goes to the single sign-on.
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [...firstScreens.groups],
        },
      },
    },
  },
});
