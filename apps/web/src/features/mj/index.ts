export { MjPage } from './pages/mj-page';
