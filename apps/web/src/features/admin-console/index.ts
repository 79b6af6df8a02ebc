/** Loaded only by the lazy /admin route. */
export { AdminConsolePage } from './components/admin-console-page';
