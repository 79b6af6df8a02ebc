/**
 * What each column of a table of customer voices holds. Exports of reviews and surveys carry an
 * id, a date, a channel or a rating beside the comment; only the comment is the customer's voice.
 */
export type ColumnRole = 'text' | 'id' | 'date' | 'number' | 'category';

const TEXT_NAMES =
  /评论|评价|内容|反馈|意见|留言|原声|描述|回答|备注|comment|review|text|content|feedback|message|remark/i;
const ID_NAMES = /^(?:id|编号|序号|no\.?|#|.*(?:id|编号|单号|号码))$/i;
const DATE_NAMES = /日期|时间|date|time|created|day/i;
const CATEGORY_NAMES =
  /渠道|来源|平台|类型|类别|分类|城市|地区|省份|门店|性别|年龄|评分|星级|等级|用户|姓名|昵称|产品|型号|channel|source|platform|type|category|city|region|store|gender|rating|score|stars?|user|name|product/i;

const ID_VALUE = /^[A-Za-z]{0,4}[-_#]?\d{1,20}$/;
const DATE_VALUE =
  /^\d{4}[-/.年]\d{1,2}(?:[-/.月]\d{1,2}日?)?(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMBER_VALUE = /^[-+]?\d+(?:\.\d+)?%?$/;

const mostly = (values: readonly string[], test: (v: string) => boolean) =>
  values.length > 0 && values.filter(test).length >= values.length * 0.9;
const averageLength = (values: readonly string[]) =>
  values.length === 0 ? 0 : values.reduce((n, v) => n + Array.from(v).length, 0) / values.length;

function roleOf(name: string, values: readonly string[]): ColumnRole {
  if (mostly(values, (v) => DATE_VALUE.test(v))) return 'date';
  if (ID_NAMES.test(name) && mostly(values, (v) => ID_VALUE.test(v))) return 'id';
  if (mostly(values, (v) => NUMBER_VALUE.test(v))) return 'number';
  if (mostly(values, (v) => ID_VALUE.test(v)) && new Set(values).size === values.length) return 'id';
  if (DATE_NAMES.test(name) && averageLength(values) <= 20) return 'date';
  if (TEXT_NAMES.test(name)) return 'text';
  // Short labels that repeat (App、门店、小程序) or a named attribute are facts about the voice.
  const short = averageLength(values) <= 8;
  if (short && (CATEGORY_NAMES.test(name) || new Set(values).size < values.length)) return 'category';
  return 'text';
}

/**
 * The role of each column, judged from its header name and its values. When several columns look
 * like text, the one named like a comment, else the longest on average, stays text: the others
 * are attributes.
 */
export function columnRoles(names: readonly string[], data: readonly (readonly string[])[]): ColumnRole[] {
  const values = names.map((_, j) => data.map((row) => (row[j] ?? '').trim()).filter(Boolean));
  const roles = names.map((name, j) => roleOf(name, values[j]!));
  const texts = roles.flatMap((r, j) => (r === 'text' ? [j] : []));
  if (texts.length > 1) {
    const named = texts.filter((j) => TEXT_NAMES.test(names[j]!));
    const pool = named.length > 0 ? named : texts;
    const main = pool.reduce((best, j) => (averageLength(values[j]!) > averageLength(values[best]!) ? j : best));
    // Other long columns (a second comment field) stay text when named so; the rest are attributes.
    for (const j of texts) if (j !== main && !(named.includes(j) && named.length > 1)) roles[j] = 'category';
  }
  return roles;
}

/**
 * A row's attributes (渠道、日期…) travel with its comment on a line of their own, bracketed so a
 * reader of voices can leave them out while a question about channels still finds them.
 */
const FACTS_LINE = /^〔[^\n]*〕$/gm;

export function rowFactsLine(facts: readonly string[]): string {
  return facts.length > 0 ? `〔${facts.join('；')}〕` : '';
}

/** The customer's words of a row's text, without its attribute line. */
export function withoutRowFacts(text: string): string {
  return text.replace(FACTS_LINE, '').trim();
}
