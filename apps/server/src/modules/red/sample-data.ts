import { RED_SAMPLE_LABEL } from '@portal/contract';
import type { NoteInput } from './import/note-row';
import { seededRandom } from '../../lib/seeded-random';

/**
 * The generated sample set (示例数据) that fills the module on a fresh install: two categories
 * with brands, products and aliases, and notes over the last 60 days. Deterministic: the same
 * seed writes the same notes (dates count back from the day it runs).
 */
export const SAMPLE_SOURCE = RED_SAMPLE_LABEL;

interface SampleProject {
  name: string;
  brands: { name: string; aliases: string[]; products: { name: string; aliases: string[] }[] }[];
}

export const SAMPLE_PROJECTS: readonly SampleProject[] = [
  {
    name: `美妆护肤（${RED_SAMPLE_LABEL}）`,
    brands: [
      {
        name: '澄光',
        aliases: ['CHENGGUANG', '澄光家'],
        products: [
          { name: '澄光小金瓶', aliases: ['小金瓶'] },
          { name: '澄光防晒乳', aliases: ['澄光防晒'] },
        ],
      },
      { name: '木槿', aliases: ['MUJIN'], products: [{ name: '木槿修护霜', aliases: ['修护霜'] }] },
      {
        name: '雾屿',
        aliases: ['雾屿家', 'WUYU'],
        products: [
          { name: '雾屿气垫', aliases: ['雾屿粉扑气垫'] },
          { name: '雾屿唇釉', aliases: [] },
        ],
      },
      { name: '青禾', aliases: ['QINGHE'], products: [{ name: '青禾洁面', aliases: ['青禾洗面奶'] }] },
    ],
  },
  {
    name: `咖啡茶饮（${RED_SAMPLE_LABEL}）`,
    brands: [
      {
        name: '拾光咖啡',
        aliases: ['拾光', 'SHIGUANG COFFEE'],
        products: [
          { name: '燕麦拿铁', aliases: ['燕麦拿'] },
          { name: '冷萃美式', aliases: [] },
        ],
      },
      { name: '山茶集', aliases: ['山茶'], products: [{ name: '桂花乌龙', aliases: ['桂乌'] }] },
      { name: '小岛茶事', aliases: ['小岛'], products: [{ name: '生椰轻乳茶', aliases: ['生椰乳茶'] }] },
    ],
  },
];

/** Topics with a shape: steady, rising (most notes in the last week), and new (first seen 3 days ago). */
const TOPICS = {
  steady: ['护肤日常', '咖啡日记', '好物分享', '打工人续命'],
  rising: ['秋冬护肤', '早八妆容'],
  fresh: ['新品测评'],
} as const;

const POSITIVE = [
  '用了两周真的很好用，皮肤状态稳定多了',
  '质地清爽不油腻，吸收很快，会回购',
  '味道很香，回甘明显，每天一杯',
  '性价比很高，学生党闭眼入',
  '持妆一整天都没有脱妆，太惊喜了',
  '店员很热情，出杯也快，很满意',
];
const NEGATIVE = [
  '用完脸上闷痘了，避雷',
  '价格偏贵，效果一般，不会回购',
  '太甜了，喝两口就腻了，踩雷',
  '下午就卡粉了，不太服帖',
  '排队四十分钟，体验很差',
  '包装漏液，客服也不回复，很失望',
];
const NEUTRAL = ['今天下班顺路买的', '这是第二次买了，记录一下', '附上价格和购买渠道', '规格是三十毫升'];
const SCENES = ['早八通勤路上', '周末宅家追剧的时候', '出差住酒店带着', '健身完之后', '熬夜加班的晚上', '和闺蜜约会前'];
const AUTHORS = [
  '小鹿爱护肤',
  '咖啡续命中',
  '早八人阿云',
  '护肤研究所',
  '喝茶的猫',
  '通勤小记',
  '橘子不酸',
  '周末探店',
];

const DAY_MS = 86_400_000;

export function generateSampleNotes(count: number, now = new Date(), seed = 20261126): NoteInput[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const notes: NoteInput[] = [];
  for (let i = 0; i < count; i++) {
    const project = SAMPLE_PROJECTS[i % SAMPLE_PROJECTS.length]!;
    const brand = pick(project.brands);
    const product = random() < 0.6 ? pick(brand.products) : undefined;
    // Name the brand by an alias a third of the time, as people write.
    const brandName = brand.aliases.length > 0 && random() < 0.33 ? pick(brand.aliases) : brand.name;
    const productName = product
      ? product.aliases.length > 0 && random() < 0.5
        ? pick(product.aliases)
        : product.name
      : '';
    const mood = random();
    const opinion = mood < 0.55 ? pick(POSITIVE) : mood < 0.8 ? pick(NEGATIVE) : pick(NEUTRAL);
    const shape = random();
    let daysAgo: number;
    let topic: string;
    if (shape < 0.12) {
      topic = pick(TOPICS.fresh);
      daysAgo = random() * 3;
    } else if (shape < 0.4) {
      topic = pick(TOPICS.rising);
      daysAgo = random() < 0.7 ? random() * 7 : 7 + random() * 53;
    } else {
      topic = pick(TOPICS.steady);
      daysAgo = random() * 60;
    }
    const publishedAt = new Date(now.getTime() - daysAgo * DAY_MS - 60_000);
    const heat = Math.pow(random(), 3);
    const likes = Math.round(heat * 20_000);
    const title = `${brandName}${productName ? ` ${productName}` : ''}｜${opinion.slice(0, 12)}${random() < 0.3 ? '！' : ''}`;
    notes.push({
      noteId: `sample-${String(i + 1).padStart(6, '0')}`,
      title,
      content: `${pick(SCENES)}用的${brandName}${productName}。${opinion}。${random() < 0.5 ? pick(NEUTRAL) + '。' : ''}`,
      author: pick(AUTHORS),
      publishedAt,
      likes,
      collects: Math.round(likes * (0.2 + random() * 0.4)),
      comments: Math.round(likes * random() * 0.1),
      shares: Math.round(likes * random() * 0.05),
      topics: random() < 0.3 ? [topic, pick(TOPICS.steady)] : [topic],
      imageCount: 1 + Math.floor(random() * 9),
      link: '',
    });
  }
  return notes;
}
