import type { ChatModule } from '@portal/contract';
import { Link } from 'react-router';
import { ChatComposer } from '../components/chat-composer';
import { ChatLayout } from '../components/chat-layout';
import { ChatWelcome } from '../components/chat-welcome';
import { useChatModule } from '../hooks/use-chat-module';
import { useDraft } from '../../../components/thread/use-draft';
import { useStartConversation } from '../hooks/use-start-conversation';

/** `/{module}/welcome`: the first question creates a conversation and opens its session page. */
export function ChatWelcomePage({ module }: { module?: ChatModule }) {
  const config = useChatModule(module);
  const { start, creating } = useStartConversation(config);
  const [, setDraft] = useDraft(config.name);

  const sendExample = async (prompt: string) => {
    if (creating) return;
    if (await start(prompt)) setDraft('');
  };

  return (
    <ChatLayout
      config={config}
      title={
        <>
          {config.welcomeConfig.fullName}
          {config.name === 'metaso' ? (
            // 研究模式 beside the chat: plan, sources, summary and mind map on the search service.
            <Link to="/metaso/research" className="chat-research-link" data-testid="research-link">
              研究模式
            </Link>
          ) : null}
          {config.name === 'chatgpt' ? (
            // 图片创作: the image mode (module type 1), a prompt to a grid of images.
            <Link to="/chatgpt/image" className="chat-research-link" data-testid="image-mode-link">
              图片创作
            </Link>
          ) : null}
        </>
      }
    >
      <ChatWelcome config={config} disabled={creating} onPrompt={(prompt) => void sendExample(prompt)} />
      <ChatComposer config={config} busy={creating} onSend={start} />
    </ChatLayout>
  );
}
