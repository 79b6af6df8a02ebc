import analytics from './analytics';
import chat from './chat';
import marketing from './marketing';
import report from './report';
import type { ServerModule } from './module';
import red from './red';
import sessions from './sessions';

/** Every server module. Adding one is one line here (and its folder). */
export const serverModules: readonly ServerModule[] = [chat, sessions, report, marketing, analytics, red];
