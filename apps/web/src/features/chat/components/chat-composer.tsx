import { ThreadComposer } from '../../../components/thread';
import type { ChatModuleConfig } from '../config/chat-modules';
import { ModelSettings } from './model-settings';

interface ChatComposerProps {
  config: ChatModuleConfig;
  /** An answer is arriving (or the conversation is being created). */
  busy: boolean;
  /** False when the question was not taken (the draft is then kept). */
  onSend(prompt: string): boolean | Promise<boolean>;
  onStop?(): void;
}

/** The question box of a chat module, with its model settings underneath. */
export function ChatComposer({ config, busy, onSend, onStop }: ChatComposerProps) {
  return (
    <ThreadComposer
      draftScope={config.name}
      footer={<ModelSettings config={config} disabled={busy} />}
      busy={busy}
      onSend={onSend}
      onStop={onStop}
    />
  );
}
