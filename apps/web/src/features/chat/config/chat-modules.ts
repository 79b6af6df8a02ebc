import {
  chatModels,
  METASO_DEFAULT_LANG,
  METASO_DEFAULT_SCOPE,
  metasoLanguages,
  metasoScopes,
  ModuleType,
  type ChatModule,
  type ChatModuleSpec,
  type ModelOption,
  type TemperatureRange,
} from '@portal/contract';
import { chatApiPathOf } from '../api/first-screen-paths';

export interface WelcomeConfig {
  /** Shown in the welcome avatar: an image address or a short text mark. */
  icon: string;
  fullName: string;
  description: string;
  prompts: readonly string[];
}

/** The chat module config of spec section 3. */
export interface ChatModuleConfig {
  name: ChatModule;
  /** Module type number sent as `type` with conversation and feedback calls. */
  type: number;
  /** Route of the module: `${topPath}/welcome`, `${topPath}/session?id=`. */
  topPath: string;
  /** API prefix of the module's conversation and message calls. */
  chatApiPath: string;
  /** Query key of the module's conversation list. */
  convMap: readonly unknown[];
  /** Shows the remaining-asks counter from promptQueue/list. */
  useStatus: boolean;
  modelTypeConfig: { models: readonly ModelOption[]; defaultModel: number };
  temperatureConfig: TemperatureRange;
  /** Reply language and search scope of a module that answers from a web search. */
  searchOptions?: {
    languages: typeof metasoLanguages;
    scopes: typeof metasoScopes;
    defaultLang: 0 | 1;
    defaultScope: boolean;
  };
  welcomeConfig: WelcomeConfig;
}

function base(name: ChatModule): Omit<ChatModuleConfig, 'welcomeConfig'> {
  const spec: ChatModuleSpec = chatModels[name];
  return {
    name,
    type: ModuleType[name],
    topPath: `/${name}`,
    chatApiPath: chatApiPathOf(name),
    convMap: ['chat', name, 'conversations'] as const,
    useStatus: true,
    modelTypeConfig: { models: spec.models, defaultModel: spec.defaultModel },
    temperatureConfig: spec.temperature,
    ...(spec.webSearch
      ? {
          searchOptions: {
            languages: metasoLanguages,
            scopes: metasoScopes,
            defaultLang: METASO_DEFAULT_LANG,
            defaultScope: METASO_DEFAULT_SCOPE,
          },
        }
      : {}),
  };
}

export const chatModuleConfigs: Record<ChatModule, ChatModuleConfig> = {
  chatgpt: {
    ...base('chatgpt'),
    welcomeConfig: {
      icon: 'AI',
      fullName: 'ChatGPT 智能对话',
      description: '写作、翻译、总结、编程，有问题随时问我。',
      prompts: [
        '帮我写一封项目进度周报的邮件',
        '用三句话解释什么是大语言模型',
        '把这段话翻译成英文：欢迎加入我们的团队',
      ],
    },
  },
  deepseek: {
    ...base('deepseek'),
    welcomeConfig: {
      icon: 'DS',
      fullName: 'DeepSeek 深度求索',
      description: '擅长推理与分析，选择深度思考模型可查看完整的思考过程。',
      prompts: ['分析一下远程办公的利与弊', '如何设计一个高可用的订单系统？', '帮我梳理一份新产品上市的检查清单'],
    },
  },
  metaso: {
    ...base('metaso'),
    welcomeConfig: {
      icon: '搜',
      fullName: '智能搜索助手',
      description: '联网搜索并整理答案，每条结论都附有可点击的来源。',
      prompts: ['今年新能源汽车行业有哪些新政策？', '对比几款主流的项目管理工具', '最近有哪些值得关注的人工智能研究？'],
    },
  },
};

export function chatModuleConfig(name: ChatModule): ChatModuleConfig {
  return chatModuleConfigs[name];
}
