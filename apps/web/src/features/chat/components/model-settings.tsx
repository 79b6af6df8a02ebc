import { useEffect } from 'react';
import type { ChatModelEntry } from '@portal/contract';
import { authStorage } from '../../../lib/auth-storage';
import { useModels } from '../api/list-models';
import type { ChatModuleConfig } from '../config/chat-modules';
import { useChatStore } from '../store/chat-store';
import { clampTemperature } from '../utils/temperature';
import { OptionList } from './option-list';
import { OptionPicker } from './option-picker';
import { TemperatureInput } from './temperature-input';

interface ModelSettingsProps {
  config: ChatModuleConfig;
  disabled?: boolean;
  /** `sheet`: one setting per row with large choices, inside the phone's settings sheet. */
  layout?: 'inline' | 'sheet';
}

/**
 * The model entries to offer: the server's list, or the module's own before it has arrived. A
 * chosen model the list does not offer is replaced by its first entry.
 */
/** Staff learn only that no model is connected; administrators also how to connect one. */
export function demoModelHint(isAdmin: boolean): string {
  return isAdmin
    ? '尚未接入模型服务：在配置文件 providers.endpoints 中添加兼容 OpenAI 接口的模型服务，在 providers.models 中为各模型类型指定模型，重启服务后生效'
    : '管理员尚未接入模型服务，回答由内置演示模型生成';
}

export function useModelEntries(config: ChatModuleConfig): ChatModelEntry[] {
  const models = useModels(config);
  const entries = models.data?.length ? models.data : config.modelTypeConfig.models.map((m) => ({ ...m, demo: false }));
  const modelType = useChatStore((s) => s.settings[config.name].modelType);
  const setSettings = useChatStore((s) => s.setSettings);
  const firstId = entries[0]?.id;
  const known = entries.some((m) => m.id === modelType);
  useEffect(() => {
    if (!known && firstId !== undefined) setSettings(config.name, { modelType: firstId });
  }, [known, firstId, config.name, setSettings]);
  return entries;
}

/** Model, temperature and (metaso) reply language and search scope of the next question. */
export function ModelSettings({ config, disabled, layout = 'inline' }: ModelSettingsProps) {
  const settings = useChatStore((s) => s.settings[config.name]);
  const setSettings = useChatStore((s) => s.setSettings);
  const entries = useModelEntries(config);
  const demo = entries.some((m) => m.demo);
  const range = config.temperatureConfig;

  const setTemperature = (value: number | null) => {
    if (value === null) return;
    setSettings(config.name, { temperature: clampTemperature(value, range) });
  };

  const Choice = layout === 'sheet' ? OptionList : OptionPicker;
  const demoTag = demo ? (
    <span className="chat-demo-tag" title={demoModelHint(authStorage.read()?.account_info.is_admin ?? false)}>
      演示模型
    </span>
  ) : null;

  return (
    <div className={layout === 'sheet' ? 'chat-settings chat-settings-sheet' : 'chat-settings'}>
      <Choice
        label="模型"
        testId="chat-model-select"
        value={settings.modelType}
        disabled={disabled}
        options={entries.map((m) => ({ value: m.id, label: m.label }))}
        onChange={(modelType) => setSettings(config.name, { modelType })}
      />
      {demoTag}
      <label className="chat-settings-temperature">
        <span>温度</span>
        <TemperatureInput range={range} value={settings.temperature} disabled={disabled} onChange={setTemperature} />
        {layout === 'sheet' ? (
          <span className="chat-settings-hint">
            {range.min} – {range.max}，越高回答越发散
          </span>
        ) : null}
      </label>
      {config.searchOptions ? (
        <>
          <Choice
            label="回复语言"
            value={settings.lang}
            disabled={disabled}
            options={config.searchOptions.languages}
            onChange={(lang) => setSettings(config.name, { lang })}
          />
          <Choice
            label="搜索范围"
            value={settings.enableMix}
            disabled={disabled}
            options={config.searchOptions.scopes}
            onChange={(enableMix) => setSettings(config.name, { enableMix })}
          />
        </>
      ) : null}
    </div>
  );
}
