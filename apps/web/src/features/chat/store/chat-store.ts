import { create } from 'zustand';
// The slice's own file, not the thread's index: the welcome screen's chunk takes the store without
// the message list and the answer runner.
import { createThreadSlice, type ThreadSlice } from '../../../components/thread/thread-slice';
import { createSettingsSlice, type SettingsSlice } from './settings-slice';

export type ChatStore = ThreadSlice & SettingsSlice;

/** Message state of every open conversation and the composer settings, per chat module. */
export const useChatStore = create<ChatStore>()((...a) => ({
  ...createThreadSlice(...a),
  ...createSettingsSlice(...a),
}));
