import type { StateCreator } from 'zustand';
import type { ChatModule } from '@portal/contract';
import { chatModuleConfigs } from '../config/chat-modules';
import type { ChatSettings } from './types';

export function defaultSettings(module: ChatModule): ChatSettings {
  const config = chatModuleConfigs[module];
  return {
    modelType: config.modelTypeConfig.defaultModel,
    temperature: config.temperatureConfig.default,
    lang: config.searchOptions?.defaultLang ?? 0,
    enableMix: config.searchOptions?.defaultScope ?? true,
  };
}

export interface SettingsSlice {
  settings: Record<ChatModule, ChatSettings>;
  setSettings(module: ChatModule, patch: Partial<ChatSettings>): void;
}

export const createSettingsSlice: StateCreator<SettingsSlice, [], [], SettingsSlice> = (set) => ({
  settings: {
    chatgpt: defaultSettings('chatgpt'),
    deepseek: defaultSettings('deepseek'),
    metaso: defaultSettings('metaso'),
  },
  setSettings: (module, patch) =>
    set((state) => ({ settings: { ...state.settings, [module]: { ...state.settings[module], ...patch } } })),
});
