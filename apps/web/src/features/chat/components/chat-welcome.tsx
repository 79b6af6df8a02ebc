import Welcome from '@ant-design/x/es/welcome';
import Prompts from '@ant-design/x/es/prompts';
import BulbOutlined from '@ant-design/icons/es/icons/BulbOutlined';
import { AppIcon } from '../../../components/app-icon';
import type { ChatModuleConfig } from '../config/chat-modules';

interface ChatWelcomeProps {
  config: ChatModuleConfig;
  disabled?: boolean;
  onPrompt(prompt: string): void;
}

/** The module's welcome: icon, full name, description and example questions that send on click. */
export function ChatWelcome({ config, disabled, onPrompt }: ChatWelcomeProps) {
  const { icon, fullName, description, prompts } = config.welcomeConfig;
  return (
    <div className="chat-welcome">
      <Welcome
        variant="borderless"
        icon={<AppIcon icon={icon} name={fullName} size={56} />}
        title={fullName}
        description={description}
      />
      <Prompts
        title="试试这样问"
        wrap
        items={prompts.map((text, i) => ({ key: String(i), icon: <BulbOutlined />, description: text, disabled }))}
        onItemClick={({ data }) => {
          if (typeof data.description === 'string') onPrompt(data.description);
        }}
      />
    </div>
  );
}
