import analytics from './analytics';
import chat from './chat';
import report from './report';
import sessions from './sessions';
import type { ServerModule } from './module';

/** Every server module. Adding one is one line here (and its folder). */
export const serverModules: readonly ServerModule[] = [chat, sessions, report, analytics];
