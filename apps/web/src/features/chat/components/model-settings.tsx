import { useEffect } from 'react';
import type { ChatModelEntry } from '@portal/contract';
import { useModels } from '../api/list-models';
import type { ChatModuleConfig } from '../config/chat-modules';
import { useChatStore } from '../store/chat-store';
import { clampTemperature } from '../utils/temperature';
import { OptionPicker } from './option-picker';
import { TemperatureInput } from './temperature-input';

interface ModelSettingsProps {
  config: ChatModuleConfig;
  disabled?: boolean;
}

/** Model, temperature and (metaso) reply language and search scope of the next question. */
export function ModelSettings({ config, disabled }: ModelSettingsProps) {
  const settings = useChatStore((s) => s.settings[config.name]);
  const setSettings = useChatStore((s) => s.setSettings);
  const models = useModels(config);
  const entries: ChatModelEntry[] = models.data?.length
    ? models.data
    : config.modelTypeConfig.models.map((m) => ({ ...m, demo: false }));
  const demo = entries.some((m) => m.demo);
  const range = config.temperatureConfig;

  const firstId = entries[0]?.id;
  const known = entries.some((m) => m.id === settings.modelType);
  useEffect(() => {
    if (!known && firstId !== undefined) setSettings(config.name, { modelType: firstId });
  }, [known, firstId, config.name, setSettings]);

  const setTemperature = (value: number | null) => {
    if (value === null) return;
    setSettings(config.name, { temperature: clampTemperature(value, range) });
  };

  return (
    <div className="chat-settings">
      <OptionPicker
        label="模型"
        testId="chat-model-select"
        value={settings.modelType}
        disabled={disabled}
        options={entries.map((m) => ({ value: m.id, label: m.label }))}
        onChange={(modelType) => setSettings(config.name, { modelType })}
      />
      {demo ? (
        <span className="chat-demo-tag" title="当前未配置模型服务，回答由内置演示模型生成">
          演示模型
        </span>
      ) : null}
      <span className="chat-settings-temperature">
        <span>温度</span>
        <TemperatureInput range={range} value={settings.temperature} disabled={disabled} onChange={setTemperature} />
      </span>
      {config.searchOptions ? (
        <>
          <OptionPicker
            label="回复语言"
            value={settings.lang}
            disabled={disabled}
            options={config.searchOptions.languages}
            onChange={(lang) => setSettings(config.name, { lang })}
          />
          <OptionPicker
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
