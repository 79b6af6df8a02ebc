import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseSentiment } from '../../src/modules/red/analysis/sentiment';
import { parseTopics, parseTime, parseCount } from '../../src/modules/red/import/note-row';
import { BrandMatcher } from '../../src/modules/red/analysis/brand-matcher';
import { cut } from '../../src/modules/red/analysis/segmenter';

/** The labelled sentences written for these tests (label TAB sentence). */
export function labelledSentences(): { label: string; text: string }[] {
  return readFileSync(new URL('./fixtures/sentiment-labelled.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [label, text] = l.split('\t');
      return { label: label!, text: text! };
    });
}

describe('red offline analysis', () => {
  it('gets at least 80% of the labelled sentences right', () => {
    const set = labelledSentences();
    expect(set.length).toBeGreaterThanOrEqual(200);
    const right = set.filter((s) => analyseSentiment(s.text).polarity === s.label).length;
    expect(right / set.length).toBeGreaterThanOrEqual(0.8);
  });

  it('reads complaints by their shape: breaking soon, too much, both, still, never again, 就是', () => {
    const negative = [
      '拖鞋穿了三天就断了',
      '杯盖没多久就松了',
      '米饭硬得要命',
      '这家的份量少得可怜',
      '面包又干又硬',
      '洗了三遍还是油',
      '这款吹风机我是不敢再用了',
      '再也不会去那家店吃了',
      '这本小说看不下去',
      '外观挺好看，就是太吵了',
    ];
    for (const text of negative) expect(analyseSentiment(text).polarity, text).toBe('negative');
    // What comes soon may be wanted, and a clause of praise is no breakage.
    expect(analyseSentiment('下单两天就到了').polarity).not.toBe('negative');
    expect(analyseSentiment('用了一周就爱不释手').polarity).toBe('positive');
  });

  it('handles negation, double negation, degree and contrast', () => {
    expect(analyseSentiment('不好用').polarity).toBe('negative');
    expect(analyseSentiment('没有不满意的地方').polarity).toBe('positive');
    expect(analyseSentiment('不太好').score).toBeGreaterThan(analyseSentiment('很差').score);
    expect(analyseSentiment('非常好用').score).toBeGreaterThan(analyseSentiment('好用').score);
    expect(analyseSentiment('包装好看，但是用完烂脸了').polarity).toBe('negative');
    expect(analyseSentiment('有没有好用的平替推荐？').polarity).toBe('neutral');
    const note = analyseSentiment('避雷这款粉底', '卡粉又脱妆。颜色倒是好看。');
    expect(note.sentences.map((s) => s.cues).flat()).toEqual(expect.arrayContaining(['避雷', '卡粉', '脱妆']));
  });

  it('reads complaints by their shape: services denied, claims broken, what cannot be done, the body', () => {
    expect(analyseSentiment('客服一直不回复，也不给退').polarity).toBe('negative');
    expect(analyseSentiment('用了五年都不换').polarity).not.toBe('negative');
    expect(analyseSentiment('号称二十四小时持妆，结果中午就花了').polarity).toBe('negative');
    expect(analyseSentiment('瓶盖怎么都拧不开').polarity).toBe('negative');
    expect(analyseSentiment('味道重到头疼').polarity).toBe('negative');
    // Relief and a worry that did not come true are praise.
    expect(analyseSentiment('终于告别卡粉').polarity).toBe('positive');
    expect(analyseSentiment('一直担心会过敏，用了一个月都没有泛红').polarity).toBe('positive');
  });

  it('keeps platform words whole', () => {
    expect(cut('小红书上种草的平替')).toEqual(expect.arrayContaining(['小红书', '种草', '平替']));
  });

  it('reads topics, times and counts as sources write them', () => {
    expect(parseTopics('#秋冬护肤# #面霜[话题]#')).toEqual(['秋冬护肤', '面霜']);
    expect(parseTopics('a|b｜a')).toEqual(['a', 'b']);
    expect(parseTime('2026-05-01 08:00')?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(parseTime('昨天')).toBeNull();
    expect(parseCount('1.5万')).toBe(15000);
    expect(parseCount('3,400')).toBe(3400);
    expect(parseCount('-1')).toBeNull();
  });

  it('matches product aliases as mentions of their brand', () => {
    const matcher = new BrandMatcher([
      {
        id: 1,
        projectId: 9,
        name: '澄光',
        aliases: ['CG'],
        products: [{ id: 5, name: '澄光小金瓶', aliases: ['小金瓶'] }],
      },
      { id: 2, projectId: 9, name: '木槿', aliases: [], products: [] },
    ]);
    expect(matcher.match('入手了小金瓶')).toEqual([{ projectId: 9, brandId: 1, productIds: [5] }]);
    expect(matcher.match('cg yyds')).toEqual([{ projectId: 9, brandId: 1, productIds: [] }]);
    expect(matcher.match('CGI 特效')).toEqual([]);
  });
});
