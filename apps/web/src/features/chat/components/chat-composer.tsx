import { ThreadComposer } from '../../../components/thread/thread-composer';
import { usePhoneLayout } from '../../../lib/phone-layout';
import type { ChatModuleConfig } from '../config/chat-modules';
import { ModelSettings } from './model-settings';
import { ModelSettingsSheet } from './model-settings-sheet';

interface ChatComposerProps {
  config: ChatModuleConfig;
  /** An answer is arriving (or the conversation is being created). */
  busy: boolean;
  /** False when the question was not taken (the draft is then kept). */
  onSend(prompt: string): boolean | Promise<boolean>;
  onStop?(): void;
}

/** The question box of a chat module, with its model settings underneath (in a sheet on a phone). */
export function ChatComposer({ config, busy, onSend, onStop }: ChatComposerProps) {
  const phone = usePhoneLayout();
  return (
    <ThreadComposer
      draftScope={config.name}
      footer={
        phone ? (
          <ModelSettingsSheet config={config} disabled={busy} />
        ) : (
          <ModelSettings config={config} disabled={busy} />
        )
      }
      busy={busy}
      onSend={onSend}
      onStop={onStop}
    />
  );
}
