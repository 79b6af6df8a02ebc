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
} from '../src/features/chat/api/parsers';

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

describe('chat response parsers agree with the contract schemas', () => {
  const cases: [
    string,
    { safeParse(v: unknown): { success: boolean } },
    { safeParse(v: unknown): { success: boolean } },
    unknown,
  ][] = [
    ['conversation', conversationParser, conversationSchema, conversation],
    ['feedback', feedbackStateParser, feedbackStateSchema, { message_id: 'm2', feedback: 'like', copy_count: 1 }],
    ['no feedback', feedbackStateParser, feedbackStateSchema, { message_id: 'm2', feedback: null, copy_count: 0 }],
    ['bad feedback', feedbackStateParser, feedbackStateSchema, { message_id: 'm2', feedback: 'love', copy_count: 0 }],
    ['negative copies', feedbackStateParser, feedbackStateSchema, { message_id: 'm2', feedback: null, copy_count: -1 }],
    ['metaso conversation', conversationParser, conversationSchema, { ...conversation, lang: 1, enableMix: false }],
    ['bad lang', conversationParser, conversationSchema, { ...conversation, lang: 2 }],
    ['missing title', conversationParser, conversationSchema, { ...conversation, title: undefined }],
    ['conversation list', conversationListParser, conversationListResponseSchema, { conv_list: [conversation] }],
    ['message list', messageListParser, messageListResponseSchema, { list: [answer] }],
    ['completion', chatMessageParser, chatMessageSchema, { ...answer, status: 'generating' }],
    ['completion without status', chatMessageParser, chatMessageSchema, { ...answer, status: undefined }],
    [
      'async ask',
      asyncAskResponseParser,
      asyncAskResponseSchema,
      { conv_id: 'c1', message_id: 'm2', user_message_id: 'm1', title: '标题' },
    ],
    [
      'async ask without title',
      asyncAskResponseParser,
      asyncAskResponseSchema,
      { conv_id: 'c1', message_id: 'm2', user_message_id: 'm1' },
    ],
    [
      'async ask without question id',
      asyncAskResponseParser,
      asyncAskResponseSchema,
      { conv_id: 'c1', message_id: 'm2' },
    ],
    [
      'async ask with a blank id',
      asyncAskResponseParser,
      asyncAskResponseSchema,
      { conv_id: 'c1', message_id: ' ', user_message_id: 'm1' },
    ],
    ['bad status', messageListParser, messageListResponseSchema, { list: [{ ...answer, status: 'weird' }] }],
    ['bad role', messageListParser, messageListResponseSchema, { list: [{ ...answer, role: 'system' }] }],
    ['empty id', messageListParser, messageListResponseSchema, { list: [{ ...answer, message_id: ' ' }] }],
    [
      'usage',
      usageStatusParser,
      usageStatusSchema,
      {
        total_cnt: 10,
        rest_usage_cnt: 9,
        rest_recovery_duration: 0,
        list: [{ conv_id: 'c1', message_id: 'm1', create_time: 1 }],
      },
    ],
    [
      'negative usage',
      usageStatusParser,
      usageStatusSchema,
      { total_cnt: 10, rest_usage_cnt: -1, rest_recovery_duration: 0, list: [] },
    ],
  ];
  for (const [name, parser, schema, value] of cases) {
    it(name, () => expect(parser.safeParse(value).success).toBe(schema.safeParse(value).success));
  }

  it('accepts a message the schema accepts', () => {
    expect(chatMessageSchema.safeParse(answer).success).toBe(true);
  });

  it('reads model entries bare or wrapped in list', () => {
    const entries = [{ id: 100, label: '演示模型', demo: true }];
    expect(modelListParser.safeParse(entries)).toEqual({ success: true, data: entries });
    expect(modelListParser.safeParse({ list: entries })).toEqual({ success: true, data: entries });
    expect(modelListParser.safeParse({ list: [{ id: 'x' }] }).success).toBe(false);
  });
});
