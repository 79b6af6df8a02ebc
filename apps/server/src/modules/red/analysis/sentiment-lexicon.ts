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

/** Parts of the body and what they complain of; their compounds are negative words. */
const BODY_PARTS = `头 脸 眼 眼睛 嗓子 喉咙 牙 牙龈 脖子 肩 肩膀 胳膊 手 手指 手腕 腰 背 肚子 胃 腿 膝盖 脚 脚踝 头皮 皮肤 嘴唇 耳朵`;
const BODY_COMPLAINTS_OF = `疼 痛 痒 晕 酸 胀 麻 肿`;
/** Compounds that name something else: 胃酸 is a fluid, 头晕 stays, 眼酸 stays. */
const NOT_COMPLAINTS = new Set(['胃酸', '头胀']);
const BODY_COMPLAINTS = BODY_PARTS.split(/\s+/)
  .flatMap((part) => BODY_COMPLAINTS_OF.split(/\s+/).map((c) => part + c))
  .filter((w) => !NOT_COMPLAINTS.has(w));

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
  // Praise of everyday consumer notes by kind: recommending, loving, value, ease, comfort,
  // taste, places, service, looks and skin.
  ...words(
    `有型 热乎 热乎乎 跟新的一样 像新的一样 和新的一样 崭新
     抗风 抗摔 防摔 耐摔 防漏 秒开 满格 信号好 操作简单 设置简单 安装简单 上手简单 防泼水 防刮
     q弹 上瘾 下饭 不油 不翻车 不脱妆 不贵 不费劲 不闷痘 亲切 价廉物美 便捷 傻瓜式 光泽 入味 入股不亏 冲冲冲
     利器 利索 厚道 友善 口碑好 可以冲 合脚 地道 墙裂推荐 天选 好吸收 好帮手 好拍 好操作 好气色 好爱 好评如潮
     嫩滑 安稳 宝藏好物 客气 帅 开胃 得力 心头好 心水 快乐 念念不忘 惊为天人 惬意 抗造 挚爱 提气色 放心买
     敞亮 整洁 无刺激 无脑入 无脑冲 无限吹 明亮 易上手 显腿长 暖心 暖暖的 有格调 有氛围 有质感 正宗 清甜 温馨
     爱不释手 爽滑 版型好 牢固 物美价廉 狂吹 白菜价 皮实 直接冲 省力 真棒 真爱 神仙好物 私藏 简单易用 绝美
     美哭 美炸 耐磨 自在 舒坦 良心推荐 诚心推荐 负责 超出预期 超棒 超预期 踏实 酷 醇香 闭眼冲 雅致 零差评
     零踩雷 顶呱呱 香喷喷 高级感 鲜嫩 鲜甜 鲜美 麻利`,
    1,
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
  // Complaints of everyday consumer notes by kind: fakes and fraud, service, the body's reactions,
  // food gone wrong, things broken, fit, make-up failing, feelings, money lost, verdicts.
  ...words(
    `形同虚设 冤 心慌 磨损 嘎吱 有虫 虫子 色素 洒了 松松垮垮 量少
     一塌糊涂 不会再买 不会再去 不会再来 不会再点 不值当 不充电 不好使 不灵 不管用 不透气 不顶用 丑 串色 乱加价
     二手货 亏了 亏大了 以次充好 俗气 信号差 假冒 假面 偷工减料 充不进电 冒牌 冒痘 冤枉钱 冷脸 别扭 刺疼 勒手
     勒脚 卡死 卡纹 反胃 发柴 发炎 发臭 发苦 发酸 变质 吃不消 咬不动 喉咙痛 嗓子疼 图文不符 土气 坑爹 坑钱
     垃圾货 太干 失真 失联 头疼 头痛 夸大宣传 夹脚 实物不符 宰客 尴尬 差差差 干巴巴 延迟高 强买强卖 强制消费
     得不偿失 心塞 忍不了 忽悠人 怼人 恼火 想吐 憋屈 扎人 扛不住 扫兴 扯皮 拖延 拖拖拉拉 挤脚 捆绑销售 掉漆
     接受不了 推脱 推诿 搪塞 断了 断断续续 显老 显胖 显脸大 晕妆 杂音 柴 死甜 残次品 毫无效果 没作用 没区别
     没变化 没味道 油光 漏电 漏风 火大 灼热 灼痛 烧焦 烫焦 焦糊 爆皮 爱答不理 牙疼 犯恶心 瑕疵 瑕疵品 用不了
     用不惯 甩脸色 甩锅 画饼 疹子 白用 白等 白花钱 白跑 白跑一趟 盗版 眩光 眼睛疼 眼睛痛 短路 硌 硌脚 稀烂
     稀碎 窝火 粗制滥造 糊味 紧绷感 红肿 绝望 续航差 翻新机 老气 肚子痛 肩膀疼 胃疼 胃痛 胃胀 脏脏的 脖子疼
     脚疼 脚痛 脱皮 脱胶 脸痒 腥 腥味 腰痛 腿疼 膈应 膻味 自动关机 花屏 虚假宣传 蜕皮 被拉黑 裂了 裂开 诈骗
     负分 败兴 货不对板 货不对版 起毛 起疹子 起痘 起静电 跑绒 跑路 辣眼睛 辣鸡 过敏反应 郁闷 酸臭 钱白花 钻毛
     锈迹 闷脚 闹心 难以下咽 难看死了 零分 频闪 馊了 骗子 骗局 黑屏 黑店 齁咸`,
    1,
  ),
  // The body's complaints, whichever part: 头疼, 腰酸, 脸肿 (jieba keeps them whole once listed).
  ...BODY_COMPLAINTS.map((w): [string, number] => [w, 1]),
]);

/** Words that flip what follows them in the clause. */
export const NEGATORS: ReadonlySet<string> = new Set(
  `不 没 没有 无 未 别 莫 非 并不 并没有 从不 从没 从来不 从来没 从来没有 从未 几乎没 几乎没有 绝不 毫不 不是 不太 不怎么 不算 不够 不再 不会 没什么 毫无 一点也不 一点都不 根本不 完全不`.split(
    /\s+/,
  ),
);

/** Words that weaken a negation's flip: "不太好" is milder than "不好". */
export const SOFT_NEGATORS: ReadonlySet<string> = new Set(['不太', '不怎么', '不算', '不够', '没什么']);

/**
 * What a buyer expects a shop or service to do. Denied ("不给退", "一直不回复", "问题没解决") it is a
 * complaint; said plainly it is no opinion ("申请退款" is neither praise nor blame).
 */
export const EXPECTED_ACTIONS: ReadonlySet<string> = new Set(
  `退 退款 退钱 退费 退货 退押金 赔 赔偿 修 维修 回复 回应 处理 解决 道歉 发货 补发 到账 负责 理睬 搭理 送到 到货 换 换货 管 回 理 来`.split(
    /\s+/,
  ),
);
/** Actions that only a refusal, not a plain 不, denies: "用了五年都不换" is loyalty, "不给换" a complaint. */
export const REFUSAL_ONLY_ACTIONS: ReadonlySet<string> = new Set(['换', '换货', '管', '回', '理', '来']);
/** Refusals, nobody and delay: they deny an expected action ("没人理", "拒绝退款", "迟迟不发货"). */
export const REFUSALS: ReadonlySet<string> = new Set(
  `没人 无人 没有人 不给 不肯 拒绝 拒不 不予 迟迟不 迟迟没 一直不 一直没 始终不 始终没 还没`.split(/\s+/),
);
/**
 * Clauses that report what someone claimed ("号称持妆二十四小时", "写着防水"): their opinion words
 * are the claim, not the writer's; a later clause that turns on it (结果, 其实) is a broken promise.
 */
export const CLAIM_MARKERS = /(号称|说是|写着|宣称|宣传|标榜|说好|承诺|标着|标注|吹得|介绍说|商家说|客服说)/;
/** Clauses of worry or a wrong guess ("担心会过敏", "本以为会踩雷"): what they fear is no verdict. */
export const SUPPOSITION_MARKERS = /(担心|害怕|生怕|以为|怕会|怕它|纠结)/;
/** Things that cannot be done ("拉不上", "打不开", "咬不动", "洗不干净"): a complaint, whoever says it. */
export const CANNOT =
  /(拉|打|关|扣|拧|穿|对|合|塞|盖|插|咬|嚼|推|拖|洗|擦|吸|粘|挂|睡|充|连|刷|蹭|按|转)不(上|开|动|住|着|掉|干净|进|通|了)|(读|喝|看|吃|听|用|穿|坚持)不下去|(没法|没办法)(用|开|穿|戴|吃|喝|睡|看|听|洗|关|连|充|住)/;
/** Waiting before something came ("等了一个小时才送到"). */
export const LATE = /(小时|分钟|天|周|个月)(才|都还|还)(送到|到|来|上|上菜|发货|回复|处理|拿到|排到|轮到|出餐|到账)/;
/**
 * Saying one will not come back ("不会再光顾", "再也不会在这家买了") or dare not use it again ("不敢再用"),
 * where no complaint word follows to be denied.
 */
export const NOT_AGAIN =
  /(不会再|再也不会?|再也不想|以后不|绝不再)[^，,。！!]{0,6}?(来|去|买|点|光顾|回购|选|住|吃|喝|信|相信|踏入|找)|不敢再?(用|吃|买|穿|戴|碰|喝|去|来|试|插|开)/;
/** States that are complaints when something is too much of them (咸, 干, 吵), for the shapes below. */
const BAD_STATES = '甜咸辣油苦酸硬干涩腻吵脏慢少贵冷烫差臭腥';
/** "咸得要命", "少得可怜", "差到能听见", "干得像稻草": a state pushed to a degree the writer suffers. */
export const TOO_MUCH = new RegExp(
  `[${BAD_STATES}](得|到)(要命|可怜|吓人|不行|离谱|发腻|发慌|没法|受不了|难受|像|能|让人)`,
);
/** "又硬又干", "又苦又涩": two such states together. */
export const BOTH_BAD = new RegExp(`又[${BAD_STATES}][^，,。又]{0,2}又[${BAD_STATES}]`);
/** "汤还是咸的", "皮肤更干了": the state stayed or grew worse (甜 alone is often wanted). */
export const STILL_BAD = new RegExp(`(还是|更|越来越)[${BAD_STATES.replace('甜', '')}][了的啊呀]*$`);
/**
 * Breaking soon after buying ("穿了两次就开胶了", "没多久就掉了", "不到两个小时水就凉了"); not when what
 * came soon is wanted (三天就到了, 一周就见效).
 */
export const SHORT_LIFE =
  /(没多久|没几天|不到[^，,。就]{1,6}|[一二两三四五六七八九十几半\d]+(次|天|周|个?月|个?星期|回|个?小时))[^，,。就]{0,4}就(?!(到|送到|到货|发货|见效|有效果|有效|爱上|学会|上手|好了|出效果|回复|解决|回本|用完|空瓶))/;
/** A clause starting with one of these turns the sentence like 但是 ("价格便宜，就是质量差"). */
export const CONTRAST_OPENERS = /^(就是|只不过|不足的是|唯一的缺点)/;

/** Verbs that take a complaint away: a negative word after them is relief ("告别卡粉", "改善暗沉"). */
export const REMEDIES: ReadonlySet<string> = new Set(
  `告别 改善 缓解 淡化 消除 去除 祛 预防 防止 减少 抑制 远离 解决`.split(/\s+/),
);

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
  不会回购 没人 无人 不给 不肯 拒不 迟迟 后悔没早点买 相见恨晚 大失所望 差远了 替不了 通勤 早八 打工人 伴手礼 下午茶 油皮 干皮 敏感肌 混油皮 黄黑皮 素颜 妆前 熬夜 带娃 露营`;
