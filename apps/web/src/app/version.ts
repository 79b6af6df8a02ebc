import { createVersionChecker, loadVersionScript } from '../lib/version-check';

export const versionChecker = createVersionChecker({
  loadVersion: () => loadVersionScript(`${import.meta.env.BASE_URL}version.js`),
  storage: window.localStorage,
  location: () => window.location.href,
  reload: (href) => window.location.replace(href),
});
