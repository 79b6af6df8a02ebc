import type { StateCreator } from 'zustand';
import { CHAT_MODULES, type ChatModule } from '@portal/contract';
import { chatModuleConfigs } from '../config/chat-modules';

/** Model choice of the composer; sent with every question. */
export interface ChatSettings {
  modelType: number;
  temperature: number;
  lang: 0 | 1;
  enableMix: boolean;
}

export function defaultSettings(module: ChatModule): ChatSettings {
  const config = chatModuleConfigs[module];
  return {
    modelType: config.modelTypeConfig.defaultModel,
    temperature: config.temperatureConfig.default,
    lang: config.searchOptions?.defaultLang ?? 0,
    enableMix: config.searchOptions?.defaultScope ?? true,
  };
}

export const defaultSettingsOfAll = () =>
  Object.fromEntries(CHAT_MODULES.map((m) => [m, defaultSettings(m)])) as Record<ChatModule, ChatSettings>;

export interface SettingsSlice {
  settings: Record<ChatModule, ChatSettings>;
  setSettings(module: ChatModule, patch: Partial<ChatSettings>): void;
}

export const createSettingsSlice: StateCreator<SettingsSlice, [], [], SettingsSlice> = (set) => ({
  settings: defaultSettingsOfAll(),
  setSettings: (module, patch) =>
    set((state) => ({ settings: { ...state.settings, [module]: { ...state.settings[module], ...patch } } })),
});
