/**
 * The project's own sentiment lexicon for consumer notes, written for this portal (no academic
 * lexicon is copied: DUTIR, HowNet and NTUSD are not licensed for company use). Weights are 1 for
 * ordinary opinion words and 2 for verdicts a reader takes as the note's conclusion (回购, 避雷).
 */

const words = (text: string, weight: number): [string, number][] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => [w, weight]);

export const POSITIVE_WORDS: ReadonlyMap<string, number> = new Map([
  ...words(
    `好 好用 好看 好喝 好吃 好闻 喜欢 爱了 满意 推荐 值得 值 划算 实惠 便宜 优秀 不错 很棒 棒 赞 点赞 惊喜 舒服 舒适
     清爽 温和 滋润 保湿 水润 细腻 顺滑 丝滑 服帖 持久 持妆 显白 提亮 高级 精致 漂亮 好评 靠谱 专业 贴心 方便 快速
     及时 耐用 结实 稳定 流畅 清晰 轻薄 轻便 轻盈 柔软 香 好香 醇厚 顺口 平替 种草 颜值在线 在线 保暖 用心 合身 精神 搞定 省时 省时间 透气 合理 干货 防水 防滑 好吃 美味 好玩 有趣 实用 耐穿 上镜 出片 高效 准时 细心 耐心 清楚 明显 到位 省钱 光滑 嫩 白皙 紧致 平滑 饱满 稳妥 顺畅 推荐给 满足 过瘾 值回票价 物超所值 良心 赞不绝口 五星 满意度 回甘 浓郁 新鲜 干净 安心 放心 开心 幸福 治愈
     喜爱 心动 完美 出色 给力 优惠 超值 性价比高 质感 有效 见效 改善 淡化 吸收快 不粘腻 不油腻 不刺激 不卡粉 不拔干
     不闷 不假白 不踩雷 适合 合适 惊艳 绝了 宝藏 神仙 耐看 百搭 大气 可爱 温柔 好上手 省心 省事 减压 轻松 解腻 提神 清香
     爽口 饱满 蓬松 柔顺 透亮 匀净 平整 贴合 低调 耐脏 稳 丝滑 友好 热情 周到 认真 划得来 入股 感动 满分 高分 优质 精美 健康`,
    1,
  ),
  ...words(
    `回购 无限回购 必回购 已回购 安利 强推 强烈推荐 闭眼入 闭眼买 真香 yyds 绝绝子 爱死 太爱 本命 天花板 封神 神器 必买
     必入 冲 值得买 值得入手 入手不亏 不后悔 好用哭 救星 白月光 宝藏单品 yyds 超爱 很爱 空瓶 回血 后悔没早点买 相见恨晚`,
    2,
  ),
]);

export const NEGATIVE_WORDS: ReadonlyMap<string, number> = new Map([
  ...words(
    `差 难用 难看 难喝 难吃 难闻 失望 后悔 不满 不满意 讨厌 垃圾 坑 坑人 贵 太贵 偏贵 不值 鸡肋 一般 普通 敷衍 糟糕 烂
     过敏 刺激 刺痛 泛红 爆痘 闷痘 长痘 烂脸 假白 卡粉 浮粉 脱妆 斑驳 油腻 黏腻 粘腻 搓泥 拔干 干燥 起皮 紧绷 闷 厚重
     廉价 粗糙 劣质 质量差 掉色 起球 变形 开线 坏了 漏液 异味 怪味 刺鼻 苦涩 寡淡 齁 腻 卡顿
     发热 耗电 死机 闪退 麻烦 复杂 难受 生气 无语 崩溃 吐槽 投诉 退货 退款 差评 虚标 夸大 虚假 骗 忽悠 套路 智商税 割韭菜
     翻车 踩坑 劝退 雷 拉胯 拉垮 鸡贼 缩水 掉价 敏感 不适 痒 疼 失眠 腹泻 拉肚子 恶心 担心 焦虑 遗憾 可惜 吃亏 不值得
     不推荐 不好 不好用 严重 被骗 骗人 漏水 空洞 凑字数 推销 痒 掉头发 掉发 上火 便秘 熊猫眼 差远了 推来推去 划痕 难推开 塑料味 毁 毁了 偏色 噪点 失灵 松动 磨脚 毛躁 吵 晕染 跑毛 气死 烦死 烦 替不了 难受 扎 闷热 臭 馊 缺货 断货 延迟 迟到 排队 夹生 不熟 硬邦邦 蚊子 脱线 褪色 色差 霉味 旧 破损 破了 少发 漏发 错发 假货 山寨 仿品 差价 乱收费 收费 扣费 卡住 迷路 断连 异响 发烫 掉帧 广告多 弹窗 bug 不舒服 不划算 没用 没效果 无效 白买 浪费 糟心 离谱 过期 发霉 脏 态度差 冷漠 敷衍了事 不靠谱 差劲 粗暴`,
    1,
  ),
  ...words(
    `大失所望 后悔死了 避雷 踩雷 拔草 排雷 大雷 雷品 千万别买 别买 不会回购 再也不买 不回购 劝退 烂脸 智商税 交智商税 割韭菜 天坑 巨坑`,
    2,
  ),
]);

/** Words that flip what follows them in the clause. */
export const NEGATORS: ReadonlySet<string> = new Set(
  `不 没 没有 无 未 别 莫 非 并不 并没有 从不 从没 从来不 绝不 毫不 不是 不太 不怎么 不算 不够 不再 不会 没什么 毫无 一点也不 一点都不 根本不 完全不`.split(
    /\s+/,
  ),
);

/** Words that weaken a negation's flip: "不太好" is milder than "不好". */
export const SOFT_NEGATORS: ReadonlySet<string> = new Set(['不太', '不怎么', '不算', '不够', '没什么']);

/** Degree adverbs and their multipliers. */
export const DEGREE_WORDS: ReadonlyMap<string, number> = new Map([
  ...words(`极其 极度 极 超级 超 巨 特别 特 非常 十分 太 最 贼 狂 绝对 完全 真心 真的 实在 简直 无比 相当 格外`, 2),
  ...words(`很 挺 蛮 好 更 越来越 真 确实 还挺 倍 老`, 1.5),
  ...words(`比较 较 还 还算 算是`, 1.1),
  ...words(`有点 有些 稍微 稍 略 一点 一些 些许 有一点`, 0.6),
]);

/** A clause after one of these outweighs the one before ("包装好看，但是不好用"). */
export const CONTRAST_WORDS: ReadonlySet<string> = new Set([
  '但',
  '但是',
  '可是',
  '不过',
  '然而',
  '只是',
  '可惜',
  '结果',
  '谁知',
  '没想到',
]);

/**
 * Plain adjectives that become complaints after 太, 过于 or 偏 ("太甜了", "偏小"), and the words that
 * make them so. Alone they say nothing (甜度刚好).
 */
export const EXCESS_WORDS: ReadonlySet<string> = new Set(
  `甜 咸 辣 油 苦 酸 小 大 硬 软 厚 薄 重 慢 少 多 淡 干 烫 凉 冷 热 短 长 紧 松 亮 暗 吵 滑 黏 粘 稀 浓 快 久 难`.split(
    /\s+/,
  ),
);
export const EXCESS_MARKERS: ReadonlySet<string> = new Set(['太', '过于', '偏', '过', '超级', '巨', '贼']);

/** Clauses that only ask or wish carry no verdict ("有没有好用的推荐？"). */
export const QUESTION_CUES = ['有没有', '求推荐', '求问', '吗', '呢', '哪个好', '怎么样', '如何', '谁知道', '请问'];

/** Platform and category words the segmenter must keep whole (小红书, not 小红/书). */
export const PLATFORM_WORDS = `小红书 种草 拔草 避雷 踩雷 排雷 平替 回购 无限回购 闭眼入 真香 智商税 绝绝子 yyds 安利 劝退 翻车 踩坑
  空瓶 宝藏 天花板 封神 割韭菜 好用 难用 不好用 不好 不值 不满意 不推荐 不划算 不后悔 不刺激 不油腻 不粘腻 不卡粉 不拔干
  不假白 不踩雷 卡粉 浮粉 脱妆 搓泥 拔干 假白 烂脸 闷痘 爆痘 显白 持妆 服帖 性价比 性价比高 吸收快 入手不亏 千万别买 再也不买
  不会回购 后悔没早点买 相见恨晚 大失所望 差远了 替不了 通勤 早八 打工人 伴手礼 下午茶 油皮 干皮 敏感肌 混油皮 黄黑皮 素颜 妆前 熬夜 带娃 露营`;
