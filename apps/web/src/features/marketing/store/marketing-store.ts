import { createThreadStore } from '../../../components/thread';

/** The module's threads (one per conversation, or a draft while the first analysis streams). */
export const marketingStore = createThreadStore();
