export { EmbeddedPage } from './pages/embedded-page';
