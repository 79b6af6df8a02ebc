export { redRoutes } from './routes';
