import { create } from 'zustand';
import { createThreadSlice, type ThreadSlice } from '../../../components/thread';
import { createSettingsSlice, type SettingsSlice } from './settings-slice';

export type ChatStore = ThreadSlice & SettingsSlice;

/** Message state of every open conversation and the composer settings, per chat module. */
export const useChatStore = create<ChatStore>()((...a) => ({
  ...createThreadSlice(...a),
  ...createSettingsSlice(...a),
}));
