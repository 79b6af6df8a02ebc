import addbg from './addbg';
import analytics from './analytics';
import chat from './chat';
import embedded from './embedded';
import marketing from './marketing';
import mj from './mj';
import report from './report';
import type { ServerModule } from './module';
import red from './red';
import search from './search';
import sessions from './sessions';

/** Every server module. Adding one is one line here (and its folder). */
export const serverModules: readonly ServerModule[] = [
  chat,
  sessions,
  report,
  marketing,
  analytics,
  embedded,
  search,
  addbg,
  // After addbg: the image chat spends the designer's image usage.
  mj,
  red,
];
