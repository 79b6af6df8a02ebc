import { addbgConfigSection } from './addbg/config';
import { chatConfigSection } from './chat/config';
import { embeddedConfigSection } from './embedded/config';
import { marketingConfigSection } from './marketing/config';
import { mjConfigSection } from './mj/config';
import { registered, type RegisteredModule } from './module';
import { redConfigSection } from './red/config';
import { reportConfigSection } from './report/config';
import { searchConfigSection } from './search/config';
import { sessionsConfigSection } from './sessions/config';

/**
 * Every server module, one line each (and its folder): its code and its section of the
 * configuration file. The configuration is checked against these sections before any module's
 * code loads, so that the server opens its database while the rest of it loads (main.ts); the
 * modules' code, which reads the checked configuration, loads with the app (index.ts). Loading it
 * lazily from here also keeps the configuration's check from importing the modules that read it.
 */
export const moduleRegistry: readonly RegisteredModule[] = [
  registered(() => import('./chat'), chatConfigSection),
  registered(() => import('./sessions'), sessionsConfigSection),
  registered(() => import('./report'), reportConfigSection),
  registered(() => import('./marketing'), marketingConfigSection),
  registered(() => import('./analytics')),
  registered(() => import('./embedded'), embeddedConfigSection),
  registered(() => import('./search'), searchConfigSection),
  registered(() => import('./addbg'), addbgConfigSection),
  // After addbg: the image chat spends the designer's image usage.
  registered(() => import('./mj'), mjConfigSection),
  registered(() => import('./red'), redConfigSection),
];
