export { MarketingPage } from './pages/marketing-page';
