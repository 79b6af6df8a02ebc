import { create } from 'zustand';
import { createSessionsSlice, type SessionsSlice } from './sessions-slice';
import { createSettingsSlice, type SettingsSlice } from './settings-slice';
import type { UiMessage } from './types';

export type ChatStore = SessionsSlice & SettingsSlice;

/** Message state of every open conversation and the composer settings, per chat module. */
export const useChatStore = create<ChatStore>()((...a) => ({
  ...createSessionsSlice(...a),
  ...createSettingsSlice(...a),
}));

/** One message; a component using it re-renders only when that message changes. */
export function useMessage(convId: string, key: string): UiMessage | undefined {
  return useChatStore((s) => s.sessions[convId]?.list.find((m) => m.key === key));
}
