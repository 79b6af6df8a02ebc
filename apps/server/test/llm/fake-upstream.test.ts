import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';

let fake: FakeUpstream;
let client: OpenAI;
beforeAll(async () => {
  fake = await startFakeUpstream();
  client = new OpenAI({ baseURL: fake.baseUrl, apiKey: 'k', maxRetries: 0 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('fake upstream', () => {
  it('answers non-streaming completions, chosen by model name', async () => {
    fake.forModel('thinker', { reasoning: ['hmm'], tokens: ['4'] });
    const completion = await client.chat.completions.create({
      model: 'thinker',
      messages: [{ role: 'user', content: '2+2' }],
    });
    expect(completion.choices[0]?.message.content).toBe('4');
    expect(completion.choices[0]?.message).toHaveProperty('reasoning_content', 'hmm');
    expect(fake.chatRequests[0]?.completed).toBe(true);
    expect(fake.chatRequests[0]?.cancelled).toBe(false);
  });

  it('returns OpenAI-style error bodies', async () => {
    fake.next({ status: 429 });
    await expect(client.chat.completions.create({ model: 'm', messages: [] })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limit_exceeded',
    });
  });

  it('serves SearXNG-style search results and records the query', async () => {
    fake.setSearchResults([{ url: 'https://a.test/', title: 'A', content: 'a' }]);
    const response = await fetch(`${fake.url}/search?q=x&format=json`);
    const body = (await response.json()) as { results: { url: string }[] };
    expect(body.results.map((r) => r.url)).toEqual(['https://a.test/']);
    expect(fake.searchRequests[0]?.query.get('q')).toBe('x');
  });
});
