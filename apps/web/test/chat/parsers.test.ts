import { describe, expect, it } from 'vitest';
import {
  asyncAskResponseSchema,
  chatMessageSchema,
  conversationListResponseSchema,
  conversationSchema,
  feedbackStateSchema,
  messageListResponseSchema,
  usageStatusSchema,
} from '@portal/contract';
import {
  asyncAskResponseParser,
  chatMessageParser,
  conversationListParser,
  feedbackStateParser,
  conversationParser,
  messageListParser,
  modelListParser,
  usageStatusParser,
} from '../../src/features/chat/api/parsers';

const conversation = {
  conv_id: 'c1',
  title: '标题',
  type: 2,
  model_type: 100,
  last_prompt_temperature: 0.7,
  create_time: 1,
  update_time: 2,
};
const answer = {
  message_id: 'm2',
  conv_id: 'c1',
  role: 'assistant',
  content: '答',
  reasoning: '想',
  citations: [{ index: 1, title: 't', url: 'https://a.example', snippet: '' }],
  status: 'aborted',
  feedback: null,
  create_time: 3,
};

describe('chat responses are checked with the contract schemas themselves', () => {
  it('uses the contract schemas, not copies of them', () => {
    expect(conversationParser).toBe(conversationSchema);
    expect(chatMessageParser).toBe(chatMessageSchema);
    expect(conversationListParser).toBe(conversationListResponseSchema);
    expect(messageListParser).toBe(messageListResponseSchema);
    expect(usageStatusParser).toBe(usageStatusSchema);
    expect(feedbackStateParser).toBe(feedbackStateSchema);
    expect(asyncAskResponseParser).toBe(asyncAskResponseSchema);
  });

  const cases: [string, { safeParse(v: unknown): { success: boolean } }, unknown, boolean][] = [
    ['conversation', conversationParser, conversation, true],
    ['feedback', feedbackStateParser, { message_id: 'm2', feedback: 'like', copy_count: 1 }, true],
    ['no feedback', feedbackStateParser, { message_id: 'm2', feedback: null, copy_count: 0 }, true],
    ['bad feedback', feedbackStateParser, { message_id: 'm2', feedback: 'love', copy_count: 0 }, false],
    ['negative copies', feedbackStateParser, { message_id: 'm2', feedback: null, copy_count: -1 }, false],
    ['metaso conversation', conversationParser, { ...conversation, lang: 1, enableMix: false }, true],
    ['bad lang', conversationParser, { ...conversation, lang: 2 }, false],
    ['missing title', conversationParser, { ...conversation, title: undefined }, false],
    ['conversation list', conversationListParser, { conv_list: [conversation] }, true],
    ['message list', messageListParser, { list: [answer] }, true],
    ['bad status', messageListParser, { list: [{ ...answer, status: 'weird' }] }, false],
    ['bad role', messageListParser, { list: [{ ...answer, role: 'system' }] }, false],
    ['empty id', messageListParser, { list: [{ ...answer, message_id: ' ' }] }, false],
    ['fractional time', messageListParser, { list: [{ ...answer, create_time: 1.5 }] }, false],
    ['completion', chatMessageParser, { ...answer, status: 'generating' }, true],
    ['completion without status', chatMessageParser, { ...answer, status: undefined }, false],
    [
      'async ask',
      asyncAskResponseParser,
      { conv_id: 'c1', message_id: 'm2', user_message_id: 'm1', title: '标题' },
      true,
    ],
    [
      'async ask without title',
      asyncAskResponseParser,
      { conv_id: 'c1', message_id: 'm2', user_message_id: 'm1' },
      true,
    ],
    ['async ask without question id', asyncAskResponseParser, { conv_id: 'c1', message_id: 'm2' }, false],
    [
      'usage',
      usageStatusParser,
      {
        total_cnt: 10,
        rest_usage_cnt: 9,
        rest_recovery_duration: 0,
        list: [{ conv_id: 'c1', message_id: 'm1', create_time: 1 }],
      },
      true,
    ],
    [
      'negative usage',
      usageStatusParser,
      { total_cnt: 10, rest_usage_cnt: -1, rest_recovery_duration: 0, list: [] },
      false,
    ],
  ];
  for (const [name, parser, value, ok] of cases) {
    it(name, () => expect(parser.safeParse(value).success).toBe(ok));
  }

  it('reads model entries bare or wrapped in list', () => {
    const entries = [{ id: 100, label: '演示模型', demo: true }];
    expect(modelListParser.safeParse(entries)).toEqual({ success: true, data: entries });
    expect(modelListParser.safeParse({ list: entries })).toEqual({ success: true, data: entries });
    expect(modelListParser.safeParse({ list: [{ id: 'x' }] }).success).toBe(false);
  });
});
