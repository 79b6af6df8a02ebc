import { addbgConfigSection } from './addbg/config';
import { chatConfigSection } from './chat/config';
import { embeddedConfigSection } from './embedded/config';
import { marketingConfigSection } from './marketing/config';
import { mjConfigSection } from './mj/config';
import { redConfigSection } from './red/config';
import { reportConfigSection } from './report/config';
import { searchConfigSection } from './search/config';
import { sessionsConfigSection } from './sessions/config';

/**
 * Every module's section of the configuration file; the configuration schema is assembled from
 * it. Kept apart from the module registry (index.ts), whose plugins read the configuration: the
 * schema importing them would close an import cycle. A module with a config section adds one
 * line here and names the same section in its ServerModule.
 */
export const moduleConfigSections = [
  chatConfigSection,
  sessionsConfigSection,
  reportConfigSection,
  marketingConfigSection,
  embeddedConfigSection,
  searchConfigSection,
  addbgConfigSection,
  mjConfigSection,
  redConfigSection,
] as const;
