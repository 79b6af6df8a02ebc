import { useState } from 'react';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import type { ChatModuleConfig } from '../config/chat-modules';
import { useChatStore } from '../store/chat-store';
import { BottomSheet } from '../../../components/bottom-sheet';
import { ModelSettings, useModelEntries } from './model-settings';

interface ModelSettingsSheetProps {
  config: ChatModuleConfig;
  disabled?: boolean;
}

/**
 * On a phone the composer shows one line, the model and temperature of the next question; a tap
 * opens the settings in a bottom sheet instead of stacking them under the question box.
 */
export function ModelSettingsSheet({ config, disabled }: ModelSettingsSheetProps) {
  const [open, setOpen] = useState(false);
  const settings = useChatStore((s) => s.settings[config.name]);
  const entries = useModelEntries(config);
  const model = entries.find((m) => m.id === settings.modelType) ?? entries[0];
  return (
    <>
      <button
        type="button"
        className="chat-settings-summary"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="chat-settings-button"
        onClick={() => setOpen(true)}
      >
        <span className="chat-settings-summary-text">
          {model?.label ?? ''} · 温度 {settings.temperature}
        </span>
        <DownOutlined />
      </button>
      <BottomSheet open={open} title="回答设置" onClose={() => setOpen(false)} testId="chat-settings-sheet">
        <ModelSettings config={config} disabled={disabled} layout="sheet" />
      </BottomSheet>
    </>
  );
}
