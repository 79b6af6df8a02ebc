import { takeEarlyVersion } from '../lib/early-requests';
import { createVersionChecker, loadVersionScript } from '../lib/version-check';

export const versionChecker = createVersionChecker({
  // The first check reads the version the early-request script has been loading since the page
  // started; later checks load it again.
  loadVersion: () => takeEarlyVersion() ?? loadVersionScript(`${import.meta.env.BASE_URL}version.js`),
  storage: window.localStorage,
  location: () => window.location.href,
  reload: (href) => window.location.replace(href),
});
