import NProgress from 'nprogress';
import { progressBarSettings } from '@portal/contract';

NProgress.configure(progressBarSettings);

export const progress = {
  start: () => NProgress.start(),
  done: () => NProgress.done(),
};
