import { followAt, type FollowCall } from '../../../lib/answer-follow';
import { messageEndpoints, type MessageRoute } from './load-endpoints';
import { streamWhenLoaded } from './stream-when-loaded';

/** `POST /api/{api}/message/follow`: an answer still generated when its conversation opened. */
export const followAnswer =
  (route: MessageRoute): FollowCall =>
  (messageId, signal, handlers) =>
    streamWhenLoaded(
      async () => (await messageEndpoints(route)).messageFollow.path,
      signal,
      handlers,
      (path) => followAt({ path })(messageId, signal, handlers),
    );
