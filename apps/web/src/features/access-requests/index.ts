export { AccessRequestPanel } from './components/access-request-panel';
