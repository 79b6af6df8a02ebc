import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { MODULE_ROUTES } from '../../packages/contract/src/modules';
import { antdLightPlugin } from './build/antd-light-plugin';
import { precompressPlugin } from './build/precompress-plugin';
import { routePreloadPlugin } from './build/route-preload-plugin';
import { versionFilePlugin } from './build/version-file-plugin';

const root = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const backend = 'http://127.0.0.1:8080';
/** Addresses of the chat modules' screens, from the module table. */
const chatPaths = MODULE_ROUTES.filter((m) => m.kind === 'chat')
  .map((m) => m.path)
  .join('|');
/** A chat screen's chunks, with its route's request prefetch (which would else wait for the entry). */
const chatScreen = (screen: string) => [
  'src/app/layouts/app-layout.tsx',
  `src/features/chat/${screen}.ts`,
  'src/features/chat/route-prefetch.ts',
];

export default defineConfig({
  root,
  plugins: [
    react(),
    antdLightPlugin(),
    versionFilePlugin(pkg.version),
    // The signed-in first screen is a page inside the app layout, most often the catalogue; a link
    // to a chat module opens its screens first.
    routePreloadPlugin({
      modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/home.tsx'],
      byPath: [
        { path: `^(?:${chatPaths})/session(?:/|$)`, modules: chatScreen('session-screen') },
        { path: `^(?:${chatPaths})(?:/|$)`, modules: chatScreen('welcome-screen') },
      ],
    }),
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
    },
  },
});
