import BulbOutlined from '@ant-design/icons/es/icons/BulbOutlined';
import { AppIcon } from '../../../components/app-icon';
import type { ChatModuleConfig } from '../config/chat-modules';

interface ChatWelcomeProps {
  config: ChatModuleConfig;
  disabled?: boolean;
  onPrompt(prompt: string): void;
}

/**
 * The module's welcome: icon, full name, description and example questions that send on click.
 * Plain elements: Ant Design X's Welcome and Prompts bring antd Typography into the first screen.
 */
export function ChatWelcome({ config, disabled, onPrompt }: ChatWelcomeProps) {
  const { icon, fullName, description, prompts } = config.welcomeConfig;
  return (
    <div className="chat-welcome">
      <div className="chat-welcome-head">
        <AppIcon icon={icon} name={fullName} size={56} />
        <div className="chat-welcome-text">
          <h4 className="chat-welcome-title">{fullName}</h4>
          <div className="chat-welcome-description">{description}</div>
        </div>
      </div>
      <div className="chat-prompts">
        <div className="chat-prompts-title">试试这样问</div>
        <div className="chat-prompts-list">
          {prompts.map((text) => (
            <button key={text} type="button" className="chat-prompt" disabled={disabled} onClick={() => onPrompt(text)}>
              <BulbOutlined />
              <span>{text}</span>
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
