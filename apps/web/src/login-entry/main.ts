import './login-entry.css';
import { reauthFlag } from '../features/auth/utils/reauth-flag';
import { signInAddress } from './authorize-url';

/**
 * `/login` without `code`: the server serves this small page instead of the app. It only asks the
 * server for the single sign-on address and goes there; the return with `code` and `state` is
 * served the full app (index.html), whose login route finishes signing in.
 */
function showError(message: string, from: string) {
  const main = document.querySelector('main');
  if (!main) return;
  const title = document.createElement('h1');
  title.className = 'login-entry-title';
  title.textContent = '登录失败';
  const text = document.createElement('p');
  text.className = 'login-entry-message';
  text.textContent = message;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'login-entry-button';
  retry.textContent = '重新登录';
  retry.addEventListener('click', () => window.location.assign(`/login?from=${encodeURIComponent(from)}`));
  main.setAttribute('role', 'alert');
  main.replaceChildren(title, text, retry);
}

const params = new URLSearchParams(window.location.search);
const from = params.get('from') ?? '';
signInAddress(from, reauthFlag.isSet(), {
  fetch: (input, init) => fetch(input, init),
  pageUrl: window.location.href,
  base: import.meta.env.BASE_URL,
})
  .then((url) => window.location.assign(url))
  .catch((error: unknown) =>
    showError(error instanceof Error && error.message ? error.message : '登录失败，请重试', from),
  );
