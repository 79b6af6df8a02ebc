/**
 * Title patterns the high-performing-note analysis compares (PostgreSQL regular expressions).
 * The daily aggregates count them by position: changing this list means counting the notes again
 * (raise AGGREGATES_VERSION in daily-aggregates.ts).
 */
export const TITLE_PATTERNS: readonly { name: string; regex: string }[] = [
  { name: '含数字', regex: '[0-9０-９]' },
  { name: '疑问句', regex: '[?？]' },
  { name: '感叹句', regex: '[!！]' },
  { name: '含表情', regex: '[\\U0001F300-\\U0001FAFF\\u2600-\\u27BF]' },
  { name: '含括号标签', regex: '[【】\\[\\]｜|]' },
  { name: '合集/教程/攻略', regex: '(合集|教程|攻略|清单|指南)' },
  { name: '测评/对比', regex: '(测评|对比|横评|实测)' },
  { name: '避雷/踩雷', regex: '(避雷|踩雷|拔草|排雷)' },
  { name: '平替/性价比', regex: '(平替|性价比|平价)' },
];
