import { describe, expect, it } from 'vitest';
import {
  askStreamRequestSchema,
  chatStreamErrorSchema,
  chatStreamFinishSchema,
  chatStreamMessageSchema,
  conversationSchema,
  feedbackRequestSchema,
  usageStatusSchema,
} from '@portal/contract';

describe('chat contract', () => {
  it('parses an askStream body and refuses an empty prompt', () => {
    expect(askStreamRequestSchema.parse({ prompt: ' 你好 ', model_type: 100, temperature: 1 })).toEqual({
      prompt: '你好',
      model_type: 100,
      temperature: 1,
    });
    expect(
      askStreamRequestSchema.parse({
        conv_id: 'c1',
        prompt: 'q',
        model_type: 1,
        temperature: 1,
        lang: 1,
        enableMix: false,
        regenerate: true,
      }),
    ).toMatchObject({ lang: 1, enableMix: false, regenerate: true });
    expect(askStreamRequestSchema.safeParse({ prompt: '   ', model_type: 100, temperature: 1 }).success).toBe(false);
    expect(askStreamRequestSchema.safeParse({ prompt: 'q', model_type: 100, temperature: 1, lang: 2 }).success).toBe(
      false,
    );
  });

  it('describes the three stream events', () => {
    expect(
      chatStreamMessageSchema.safeParse({
        conv_id: 'c1',
        message_id: 'm2',
        text: '',
        citations: [{ index: 1, title: 't', url: 'https://a.test', snippet: 's' }],
      }).success,
    ).toBe(true);
    expect(chatStreamFinishSchema.safeParse({ conv_id: 'c1', message_id: 'm2', status: 'done' }).success).toBe(true);
    expect(chatStreamFinishSchema.safeParse({ conv_id: 'c1', message_id: 'm2', status: 'lost' }).success).toBe(false);
    expect(chatStreamErrorSchema.safeParse({ message: '抱歉，回复超时，请重新提问' }).success).toBe(true);
  });

  it('keeps the field names of section 3', () => {
    const conversation = {
      conv_id: 'c1',
      title: '新对话',
      type: 11,
      model_type: 1,
      last_prompt_temperature: 1,
      lang: 0,
      enableMix: true,
    };
    expect(conversationSchema.parse(conversation)).toEqual(conversation);
    const usage = { total_cnt: 9999, rest_usage_cnt: 9998, rest_recovery_duration: 0, list: [] };
    expect(usageStatusSchema.parse(usage)).toEqual(usage);
    expect(feedbackRequestSchema.safeParse({ message_id: 'm1', type: 2 }).success).toBe(true);
  });
});
