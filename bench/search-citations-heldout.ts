/**
 * A held-out set for the citation bench, written for it and not used to tune the summariser or
 * the citation check: questions, the pages a run would have read for each (Chinese and English,
 * among them distractor pages about a neighbouring subject that share its words and often its
 * numbers), and for each question a careless model's answer written by hand — paraphrased claims,
 * some marked with the wrong page, some claims no page holds.
 *
 * `supportedBy` is the hand label of each claim: the pages (1-based, in `pages` order) that state
 * it. A mark [n] is right when n is among them; a claim no page states has none.
 */
export interface HeldOutPage {
  title: string;
  paragraphs: string[];
}

export interface HeldOutClaim {
  text: string;
  /** The marks the careless model wrote after it. */
  marks: number[];
  /** The pages that state it (the judge's label). */
  supportedBy: number[];
}

export interface HeldOutQuestion {
  question: string;
  pages: HeldOutPage[];
  answer: HeldOutClaim[];
}

export const HELD_OUT: HeldOutQuestion[] = [
  {
    question: '澜沧湾海水淡化厂的产能和投产时间',
    pages: [
      {
        title: '澜沧湾海水淡化厂正式投产',
        paragraphs: [
          '9月18日，澜沧湾海水淡化厂正式投产。',
          '该厂采用反渗透工艺，设计日产淡水12万吨，项目总投资约18亿元。',
          '厂区位于澜沧湾北岸，占地约26公顷。',
        ],
      },
      {
        title: '北礁海水淡化厂运行五年回顾',
        paragraphs: [
          '与澜沧湾海水淡化厂相比，北礁海水淡化厂规模较小。',
          '北礁海水淡化厂于2019年投产，日产淡水5万吨，同样采用反渗透工艺。',
          '五年来北礁厂累计供水超过8000万吨。',
        ],
      },
      {
        title: '澜沧湾新水源惠及四十万居民',
        paragraphs: [
          '澜沧湾海水淡化厂2022年投产后，供水范围覆盖约40万居民。',
          '居民用水价格维持每吨6.5元不变。',
          '市水务局表示，海水淡化水将与水库水按比例混合供应。',
        ],
      },
    ],
    answer: [
      { text: '澜沧湾海水淡化厂采用反渗透工艺，每天可生产12万吨淡水', marks: [3], supportedBy: [1] },
      { text: '澜沧湾海水淡化厂日产淡水5万吨', marks: [2], supportedBy: [] },
      { text: '新水源的供水范围覆盖约40万居民', marks: [3], supportedBy: [3] },
      { text: '项目总投资约为18亿元', marks: [1], supportedBy: [1] },
      { text: '澜沧湾海水淡化厂于2022年投产', marks: [2], supportedBy: [3] },
    ],
  },
  {
    question: '赤松岭国家森林公园的面积和森林覆盖率',
    pages: [
      {
        title: '赤松岭国家森林公园简介',
        paragraphs: [
          '赤松岭国家森林公园总面积达386平方公里，森林覆盖率为92%。',
          '公园内已记录野生植物1400余种，其中国家重点保护植物23种。',
          '公园于1996年被批准为国家森林公园。',
        ],
      },
      {
        title: '白桦沟森林公园游览指南',
        paragraphs: [
          '白桦沟森林公园与赤松岭国家森林公园隔河相望。',
          '白桦沟森林公园面积为112平方公里，森林覆盖率为85%。',
          '公园每年4月至10月开放，门票60元。',
        ],
      },
      {
        title: '赤松岭生态监测年报',
        paragraphs: [
          '2023年赤松岭国家森林公园共监测到鸟类217种。',
          '监测显示，赤松岭的森林覆盖率保持在92%左右。',
          '公园内的负氧离子浓度常年高于每立方厘米3000个。',
        ],
      },
    ],
    answer: [
      { text: '赤松岭国家森林公园总面积为386平方公里', marks: [2], supportedBy: [1] },
      { text: '赤松岭的森林覆盖率约为92%', marks: [3], supportedBy: [1, 3] },
      { text: '赤松岭国家森林公园每年4月至10月开放', marks: [2], supportedBy: [] },
      { text: '2023年公园内监测到217种鸟类', marks: [1], supportedBy: [3] },
    ],
  },
  {
    question: '昆北高铁的全长和设计时速',
    pages: [
      {
        title: '昆北高铁今日开通运营',
        paragraphs: [
          '昆北高铁全长468公里，设计时速350公里，全线设车站14座。',
          '开通初期每天开行动车组列车42对。',
          '昆明至北海的最短旅行时间缩短至3小时10分钟。',
        ],
      },
      {
        title: '昆玉城际铁路客流创新高',
        paragraphs: [
          '与昆北高铁共线运行的昆玉城际铁路全长106公里，设计时速250公里。',
          '今年一季度昆玉城际发送旅客180万人次。',
        ],
      },
      {
        title: '昆北高铁建设历程',
        paragraphs: ['昆北高铁于2018年开工建设，总投资约620亿元。', '全线桥隧比达到78%，其中最长隧道长13.2公里。'],
      },
    ],
    answer: [
      { text: '昆北高铁全长468公里，设计时速为350公里', marks: [1], supportedBy: [1] },
      { text: '昆北高铁总投资约620亿元', marks: [1], supportedBy: [3] },
      { text: '昆北高铁设计时速250公里', marks: [2], supportedBy: [] },
      { text: '全线桥梁和隧道占线路长度的78%', marks: [3], supportedBy: [3] },
      { text: '开通初期每天开行42对动车组', marks: [1], supportedBy: [1] },
    ],
  },
  {
    question: '银杏湖水库的库容和主要用途',
    pages: [
      {
        title: '银杏湖水库工程概况',
        paragraphs: [
          '银杏湖水库总库容4.6亿立方米，是一座以防洪、供水为主，兼顾发电的大型水库。',
          '水库大坝为混凝土重力坝，最大坝高86米。',
          '电站装机容量为6万千瓦。',
        ],
      },
      {
        title: '月牙潭水库除险加固完成',
        paragraphs: [
          '位于银杏湖水库下游的月牙潭水库总库容1.2亿立方米，主要用于灌溉。',
          '除险加固后，月牙潭水库大坝坝高增加至52米。',
        ],
      },
      {
        title: '银杏湖水库保障城市供水',
        paragraphs: ['银杏湖水库每年向城区供水约2.3亿立方米。', '水库水质常年保持在二类标准。'],
      },
    ],
    answer: [
      { text: '银杏湖水库总库容4.6亿立方米，以防洪和供水为主', marks: [1], supportedBy: [1] },
      { text: '银杏湖水库主要用于灌溉', marks: [2], supportedBy: [] },
      { text: '水库每年向城区供水约2.3亿立方米', marks: [1], supportedBy: [3] },
      { text: '银杏湖水库大坝最大坝高86米', marks: [2], supportedBy: [1] },
    ],
  },
  {
    question: '星港市第一人民医院的床位数和年门诊量',
    pages: [
      {
        title: '星港市第一人民医院新院区启用',
        paragraphs: [
          '星港市第一人民医院新院区启用后，全院开放床位达到2600张。',
          '医院现有职工3800余人，其中高级职称专家620人。',
          '2023年医院门急诊量达到310万人次。',
        ],
      },
      {
        title: '星港市第二人民医院年度报告',
        paragraphs: [
          '星港市第二人民医院开放床位1500张，2023年门急诊量为180万人次。',
          '与星港市第一人民医院一样，第二人民医院也是三级甲等医院。',
        ],
      },
      {
        title: '星港市卫生健康统计公报',
        paragraphs: ['全市共有三级甲等医院6家，每千人口床位数为7.2张。', '全市医疗机构全年总诊疗人次为4100万。'],
      },
    ],
    answer: [
      { text: '星港市第一人民医院开放床位2600张', marks: [2], supportedBy: [1] },
      { text: '星港市第一人民医院2023年门急诊量为310万人次', marks: [1], supportedBy: [1] },
      { text: '星港市第一人民医院2023年门急诊量为180万人次', marks: [2], supportedBy: [] },
      { text: '全市每千人口拥有病床7.2张', marks: [3], supportedBy: [3] },
      { text: '星港市第一人民医院拥有高级职称专家620人', marks: [3], supportedBy: [1] },
    ],
  },
  {
    question: '云栖大学的建校时间和在校生人数',
    pages: [
      {
        title: '云栖大学概况',
        paragraphs: [
          '云栖大学创建于1952年，现有本科专业78个。',
          '学校现有全日制在校生3.4万人，其中研究生1.1万人。',
          '校园占地面积约4200亩。',
        ],
      },
      {
        title: '云栖理工学院迎来建校四十周年',
        paragraphs: ['云栖理工学院与云栖大学同城办学，创建于1984年。', '云栖理工学院现有在校生1.9万人。'],
      },
      {
        title: '云栖大学七十周年校庆',
        paragraphs: ['2022年，创建于1952年的云栖大学迎来七十周年校庆。', '七十年来学校累计培养毕业生40余万人。'],
      },
    ],
    answer: [
      { text: '云栖大学创建于1952年', marks: [2], supportedBy: [1, 3] },
      { text: '云栖大学在校生约3.4万人，其中研究生1.1万人', marks: [1], supportedBy: [1] },
      { text: '云栖大学累计培养了40余万名毕业生', marks: [1], supportedBy: [3] },
      { text: '云栖大学创建于1984年', marks: [2], supportedBy: [] },
      { text: '云栖大学拥有三所附属医院', marks: [1], supportedBy: [] },
    ],
  },
  {
    question: '蓝鲸数据中心的机架规模和能效水平',
    pages: [
      {
        title: '蓝鲸数据中心一期投运',
        paragraphs: [
          '蓝鲸数据中心一期共部署标准机架8000个，设计PUE为1.25。',
          '数据中心采用间接蒸发冷却技术，全年自然冷却时间超过10个月。',
          '二期工程计划再增加机架6000个。',
        ],
      },
      {
        title: '灰鲸算力中心开建',
        paragraphs: [
          '毗邻蓝鲸数据中心的灰鲸算力中心计划部署机架3000个，设计PUE为1.15。',
          '灰鲸算力中心主要承载人工智能训练业务。',
        ],
      },
      {
        title: '全省数据中心能效通报',
        paragraphs: ['通报显示，蓝鲸数据中心的实测PUE为1.28，略高于设计值。', '全省大型数据中心平均PUE为1.36。'],
      },
    ],
    answer: [
      { text: '蓝鲸数据中心一期部署了8000个标准机架', marks: [1], supportedBy: [1] },
      { text: '蓝鲸数据中心设计PUE为1.15', marks: [2], supportedBy: [] },
      { text: '蓝鲸数据中心实测PUE为1.28', marks: [1], supportedBy: [3] },
      { text: '蓝鲸数据中心二期计划增加6000个机架', marks: [3], supportedBy: [1] },
      { text: '蓝鲸数据中心主要承载人工智能训练业务', marks: [2], supportedBy: [] },
    ],
  },
  {
    question: '金穗农业合作社的种植面积和年收入',
    pages: [
      {
        title: '金穗农业合作社带动农民增收',
        paragraphs: [
          '金穗农业合作社现有社员356户，流转土地种植水稻1.2万亩。',
          '2023年合作社经营收入达到4800万元，社员人均增收1.6万元。',
        ],
      },
      {
        title: '丰禾农业合作社发展纪实',
        paragraphs: [
          '丰禾农业合作社种植水稻8000亩，2023年经营收入为2600万元。',
          '丰禾合作社曾到金穗农业合作社学习稻虾共作模式。',
        ],
      },
      {
        title: '金穗合作社推广稻虾共作',
        paragraphs: [
          '金穗农业合作社在3000亩稻田推广稻虾共作，每亩增收约2000元。',
          '合作社还建成了一座日处理稻谷200吨的烘干中心。',
        ],
      },
    ],
    answer: [
      { text: '金穗农业合作社种植水稻1.2万亩', marks: [1], supportedBy: [1] },
      { text: '金穗合作社2023年经营收入为2600万元', marks: [2], supportedBy: [] },
      { text: '金穗合作社在3000亩稻田推广了稻虾共作', marks: [1], supportedBy: [3] },
      { text: '合作社建有日处理稻谷200吨的烘干中心', marks: [3], supportedBy: [3] },
    ],
  },
  {
    question: '东岚机场的跑道数量和旅客吞吐量',
    pages: [
      {
        title: '东岚机场第二跑道启用',
        paragraphs: [
          '东岚机场第二跑道长3600米，启用后机场拥有两条平行跑道。',
          '2023年东岚机场旅客吞吐量达到2150万人次。',
        ],
      },
      {
        title: '西岚通用机场建成',
        paragraphs: [
          '西岚通用机场距东岚机场约60公里，拥有一条长1200米的跑道。',
          '西岚通用机场主要服务于飞行培训和应急救援。',
        ],
      },
      {
        title: '东岚机场三期扩建规划',
        paragraphs: ['根据规划，东岚机场将新建第三跑道和T3航站楼。', '扩建完成后，机场设计年旅客吞吐量为4500万人次。'],
      },
    ],
    answer: [
      { text: '东岚机场目前有两条平行跑道', marks: [1], supportedBy: [1] },
      { text: '东岚机场2023年旅客吞吐量为2150万人次', marks: [3], supportedBy: [1] },
      { text: '扩建后东岚机场设计年旅客吞吐量为4500万人次', marks: [3], supportedBy: [3] },
      { text: '东岚机场主要服务于飞行培训和应急救援', marks: [2], supportedBy: [] },
      { text: '东岚机场第二跑道长1200米', marks: [1], supportedBy: [] },
    ],
  },
  {
    question: '华曜电池厂的产能和员工人数',
    pages: [
      {
        title: '华曜电池厂满产运行',
        paragraphs: ['华曜电池厂年产能为20吉瓦时，主要生产磷酸铁锂电池。', '工厂现有员工4200人，其中研发人员650人。'],
      },
      {
        title: '华曜集团年报摘要',
        paragraphs: ['华曜集团旗下共有三座电池工厂，集团员工总数为1.5万人。', '集团全年电池出货量为48吉瓦时。'],
      },
      {
        title: '华曜电池厂二期环评公示',
        paragraphs: ['华曜电池厂二期项目拟新增年产能15吉瓦时。', '二期项目预计新增就业岗位1800个。'],
      },
    ],
    answer: [
      { text: '华曜电池厂年产能20吉瓦时，以磷酸铁锂电池为主', marks: [1], supportedBy: [1] },
      { text: '华曜电池厂员工总数为1.5万人', marks: [2], supportedBy: [] },
      { text: '华曜电池厂有研发人员650人', marks: [2], supportedBy: [1] },
      { text: '二期项目将新增年产能15吉瓦时', marks: [3], supportedBy: [3] },
      { text: '二期项目预计新增1800个就业岗位', marks: [1], supportedBy: [3] },
    ],
  },
  {
    question: '青螺古镇的历史和游客数量',
    pages: [
      {
        title: '青螺古镇：千年水乡',
        paragraphs: ['青螺古镇始建于北宋年间，至今已有900多年历史。', '古镇内保存明清古建筑120余处，石桥36座。'],
      },
      {
        title: '青螺古镇旅游数据发布',
        paragraphs: ['2023年青螺古镇接待游客680万人次，旅游收入42亿元。', '其中国庆假期单日最高接待游客9.8万人次。'],
      },
      {
        title: '白螺村入选传统村落名录',
        paragraphs: ['距青螺古镇5公里的白螺村始建于明代，2023年接待游客12万人次。', '白螺村保存古民居46栋。'],
      },
    ],
    answer: [
      { text: '青螺古镇始建于北宋，已有900多年历史', marks: [1], supportedBy: [1] },
      { text: '青螺古镇保存有明清古建筑120余处', marks: [2], supportedBy: [1] },
      { text: '2023年青螺古镇接待游客680万人次', marks: [2], supportedBy: [2] },
      { text: '青螺古镇2023年接待游客12万人次', marks: [3], supportedBy: [] },
      { text: '青螺古镇是世界文化遗产', marks: [1], supportedBy: [] },
    ],
  },
  {
    question: 'When did the Halvorsen Bridge open and how long is it?',
    pages: [
      {
        title: 'Halvorsen Bridge opens to traffic',
        paragraphs: [
          'The Halvorsen Bridge opened to traffic on 14 October 2019 after five years of construction.',
          'The cable-stayed bridge is 2.8 kilometres long and carries six lanes.',
          'Its main span of 620 metres crosses the shipping channel.',
        ],
      },
      {
        title: 'Ekberg Bridge marks its tenth anniversary',
        paragraphs: [
          'The Ekberg Bridge, which runs parallel to the Halvorsen Bridge, opened in 2014.',
          'The Ekberg Bridge is 1.9 kilometres long and carries four lanes of traffic.',
        ],
      },
      {
        title: 'Halvorsen Bridge toll revenue report',
        paragraphs: [
          'In its first full year the Halvorsen Bridge carried an average of 54,000 vehicles a day.',
          'Toll revenue reached 31 million dollars in 2021.',
        ],
      },
    ],
    answer: [
      { text: 'The Halvorsen Bridge opened in October 2019.', marks: [2], supportedBy: [1] },
      { text: 'The Halvorsen Bridge is 2.8 km long with six lanes.', marks: [1], supportedBy: [1] },
      { text: 'The Halvorsen Bridge opened in 2014.', marks: [2], supportedBy: [] },
      { text: 'About 54,000 vehicles a day used the bridge in its first full year.', marks: [3], supportedBy: [3] },
      { text: 'The bridge has a main span of 620 metres.', marks: [3], supportedBy: [1] },
    ],
  },
  {
    question: 'How much electricity does the Mirabel offshore wind farm produce?',
    pages: [
      {
        title: 'Mirabel offshore wind farm fully operational',
        paragraphs: [
          'The Mirabel offshore wind farm has 84 turbines with a combined capacity of 1.1 gigawatts.',
          'It is expected to generate about 4.3 terawatt-hours of electricity a year.',
          'The project cost an estimated 3.6 billion euros.',
        ],
      },
      {
        title: 'Corvin wind farm extension approved',
        paragraphs: [
          'Regulators approved a 40-turbine extension of the Corvin wind farm, located north of Mirabel.',
          'The Corvin wind farm currently generates about 1.7 terawatt-hours a year.',
        ],
      },
      {
        title: 'National grid annual statement',
        paragraphs: [
          'Offshore wind supplied 18 percent of national electricity demand last year.',
          'The Mirabel offshore wind farm alone covered the needs of roughly 900,000 households.',
        ],
      },
    ],
    answer: [
      { text: 'The Mirabel wind farm has 84 turbines and a capacity of 1.1 GW.', marks: [1], supportedBy: [1] },
      { text: 'Mirabel is expected to generate 4.3 TWh of electricity per year.', marks: [3], supportedBy: [1] },
      { text: 'Mirabel generates about 1.7 terawatt-hours a year.', marks: [2], supportedBy: [] },
      { text: 'Mirabel supplies power to roughly 900,000 households.', marks: [3], supportedBy: [3] },
      { text: 'The project cost about 3.6 billion euros.', marks: [1], supportedBy: [1] },
    ],
  },
  {
    question: 'How many students attend Larkspur University and when was it founded?',
    pages: [
      {
        title: 'About Larkspur University',
        paragraphs: [
          'Larkspur University was founded in 1891 as a teachers college.',
          'Today it enrols about 27,500 students across nine faculties.',
          'The university employs 2,300 academic staff.',
        ],
      },
      {
        title: 'Larkspur Community College celebrates growth',
        paragraphs: [
          'Larkspur Community College, not to be confused with Larkspur University, opened in 1967.',
          'The college now serves 11,200 students.',
        ],
      },
      {
        title: 'Larkspur University research ranking',
        paragraphs: [
          'Larkspur University attracted 410 million dollars in research funding last year.',
          'It ranks among the top 150 universities worldwide for engineering.',
        ],
      },
    ],
    answer: [
      { text: 'Larkspur University was founded in 1891.', marks: [1], supportedBy: [1] },
      { text: 'Larkspur University has about 27,500 students.', marks: [2], supportedBy: [1] },
      { text: 'Larkspur University opened in 1967.', marks: [2], supportedBy: [] },
      {
        text: 'The university received 410 million dollars in research funding last year.',
        marks: [3],
        supportedBy: [3],
      },
      { text: 'Larkspur University has a medical school with 800 students.', marks: [1], supportedBy: [] },
    ],
  },
  {
    question: 'What is the capacity of the Tessaro container terminal?',
    pages: [
      {
        title: 'Tessaro terminal expansion completed',
        paragraphs: [
          'The expanded Tessaro container terminal can handle 3.2 million TEU a year.',
          'The quay is now 1,450 metres long with 12 ship-to-shore cranes.',
        ],
      },
      {
        title: 'Port authority traffic figures',
        paragraphs: [
          'The port as a whole handled 5.9 million TEU last year, up 6 percent.',
          'The older Bellini terminal handled 1.8 million TEU, while Tessaro handled 2.7 million TEU.',
        ],
      },
      {
        title: 'Bellini terminal to be automated',
        paragraphs: [
          'The Bellini terminal, next to Tessaro, will install 8 automated cranes by 2026.',
          'Its capacity will rise to 2.1 million TEU a year.',
        ],
      },
    ],
    answer: [
      { text: 'The Tessaro terminal has a capacity of 3.2 million TEU per year.', marks: [2], supportedBy: [1] },
      { text: 'Tessaro handled 2.7 million TEU last year.', marks: [2], supportedBy: [2] },
      { text: 'The Tessaro quay is 1,450 metres long with 12 cranes.', marks: [1], supportedBy: [1] },
      { text: 'Tessaro will install 8 automated cranes by 2026.', marks: [3], supportedBy: [] },
      { text: 'The port handled 5.9 million TEU last year.', marks: [1], supportedBy: [2] },
    ],
  },
  {
    question: 'How large is the Greywater Reservoir and what does it supply?',
    pages: [
      {
        title: 'Greywater Reservoir facts',
        paragraphs: [
          'Greywater Reservoir holds 210 million cubic metres of water when full.',
          'It supplies drinking water to about 1.2 million people in the eastern districts.',
          'The dam was completed in 1974.',
        ],
      },
      {
        title: 'Drought report: reservoir levels',
        paragraphs: [
          'At the end of August Greywater Reservoir stood at 43 percent of capacity.',
          'Nearby Stillwater Reservoir, which mainly supplies farms, stood at 38 percent.',
        ],
      },
      {
        title: 'Stillwater Reservoir upgrade',
        paragraphs: [
          'Stillwater Reservoir, smaller than Greywater, holds 65 million cubic metres.',
          'Its dam was raised by 4 metres in 2012.',
        ],
      },
    ],
    answer: [
      { text: 'Greywater Reservoir holds 210 million cubic metres when full.', marks: [3], supportedBy: [1] },
      { text: 'It supplies drinking water to about 1.2 million people.', marks: [1], supportedBy: [1] },
      { text: 'Greywater Reservoir was at 43 percent of capacity at the end of August.', marks: [2], supportedBy: [2] },
      { text: 'Greywater Reservoir mainly supplies farms.', marks: [2], supportedBy: [] },
      { text: 'The Greywater dam was raised by 4 metres in 2012.', marks: [3], supportedBy: [] },
    ],
  },
  {
    question: 'How many beds does St. Aurelia Hospital have?',
    pages: [
      {
        title: 'St. Aurelia Hospital opens new wing',
        paragraphs: [
          'With its new east wing, St. Aurelia Hospital now has 940 beds.',
          'The hospital treated 126,000 emergency patients last year.',
        ],
      },
      {
        title: 'Regional hospital capacity review',
        paragraphs: [
          'St. Aurelia Hospital and Riverside General together provide 1,600 beds.',
          'Riverside General has 660 beds and a trauma centre.',
        ],
      },
      {
        title: 'St. Aurelia nurses agreement',
        paragraphs: [
          'St. Aurelia Hospital reached a pay agreement with its 2,100 nurses in March.',
          'The agreement runs for three years.',
        ],
      },
    ],
    answer: [
      { text: 'St. Aurelia Hospital has 940 beds.', marks: [2], supportedBy: [1] },
      { text: 'St. Aurelia Hospital has a trauma centre.', marks: [2], supportedBy: [] },
      { text: 'St. Aurelia employs 2,100 nurses.', marks: [3], supportedBy: [3] },
      { text: 'St. Aurelia treated 126,000 emergency patients last year.', marks: [1], supportedBy: [1] },
    ],
  },
  {
    question: 'What does the Orlov Steelworks produce and how many people work there?',
    pages: [
      {
        title: 'Orlov Steelworks at a glance',
        paragraphs: [
          'The Orlov Steelworks produces about 4.5 million tonnes of crude steel a year.',
          'Around 6,800 people work at the site.',
          'Its main products are hot-rolled coil and heavy plate.',
        ],
      },
      {
        title: 'Orlov Group results',
        paragraphs: [
          'The Orlov Group, owner of the Orlov Steelworks and two mines, employs 19,000 people.',
          'Group revenue fell 8 percent to 5.4 billion dollars.',
        ],
      },
      {
        title: 'Electric furnace plan for Orlov',
        paragraphs: [
          'The Orlov Steelworks plans to replace one blast furnace with an electric arc furnace by 2028.',
          'The change would cut the plant’s emissions by about 30 percent.',
        ],
      },
    ],
    answer: [
      {
        text: 'Orlov Steelworks produces about 4.5 million tonnes of crude steel a year.',
        marks: [1],
        supportedBy: [1],
      },
      { text: 'About 19,000 people work at the Orlov Steelworks.', marks: [2], supportedBy: [] },
      { text: 'Its main products are hot-rolled coil and heavy plate.', marks: [2], supportedBy: [1] },
      { text: 'An electric arc furnace should replace a blast furnace by 2028.', marks: [3], supportedBy: [3] },
      { text: 'This would reduce emissions by roughly 30 percent.', marks: [1], supportedBy: [3] },
    ],
  },
  {
    question: 'Who designed the Vantor Museum and when did it open?',
    pages: [
      {
        title: 'Vantor Museum opens its doors',
        paragraphs: [
          'Designed by architect Ines Calder, the Vantor Museum opened on 2 May 2021.',
          'The building has 14,000 square metres of gallery space.',
        ],
      },
      {
        title: 'Calder’s other works',
        paragraphs: [
          'Ines Calder also designed the Harlow Concert Hall, completed in 2016.',
          'The concert hall seats 2,200 people.',
        ],
      },
      {
        title: 'Vantor Museum visitor numbers',
        paragraphs: [
          'The Vantor Museum welcomed 870,000 visitors in its first year.',
          'Its permanent collection holds more than 9,000 works.',
        ],
      },
    ],
    answer: [
      { text: 'The Vantor Museum was designed by Ines Calder.', marks: [2], supportedBy: [1] },
      { text: 'It opened in May 2021.', marks: [1], supportedBy: [1] },
      { text: 'The Vantor Museum was completed in 2016.', marks: [2], supportedBy: [] },
      { text: 'It had 870,000 visitors in its first year.', marks: [3], supportedBy: [3] },
      { text: 'The museum seats 2,200 people.', marks: [2], supportedBy: [] },
    ],
  },
  {
    question: 'How long is the Kessel Tunnel and what did it cost?',
    pages: [
      {
        title: 'Kessel Tunnel breakthrough',
        paragraphs: [
          'The Kessel Tunnel, at 11.4 kilometres, will be the longest road tunnel in the region.',
          'The project budget is 1.9 billion euros.',
        ],
      },
      {
        title: 'Auden Tunnel reopens after repairs',
        paragraphs: [
          'The Auden Tunnel, 6.2 kilometres long, reopened after repairs that cost 140 million euros.',
          'Traffic diverted from the Kessel Tunnel works used the Auden Tunnel during construction.',
        ],
      },
      {
        title: 'Kessel Tunnel safety systems',
        paragraphs: [
          'The Kessel Tunnel will have emergency exits every 350 metres.',
          'A parallel service gallery runs the full length of the tunnel.',
        ],
      },
    ],
    answer: [
      { text: 'The Kessel Tunnel is 11.4 km long.', marks: [1], supportedBy: [1] },
      { text: 'The Kessel Tunnel budget is 1.9 billion euros.', marks: [2], supportedBy: [1] },
      { text: 'The Kessel Tunnel cost 140 million euros.', marks: [2], supportedBy: [] },
      { text: 'Emergency exits are placed every 350 metres.', marks: [3], supportedBy: [3] },
    ],
  },
  {
    question: 'How much coffee does the Alto Verde cooperative export?',
    pages: [
      {
        title: 'Alto Verde cooperative harvest report',
        paragraphs: [
          'The Alto Verde cooperative has 1,350 member farms.',
          'It exported 9,400 tonnes of green coffee last season, mostly to Europe.',
        ],
      },
      {
        title: 'Las Nubes cooperative expands',
        paragraphs: [
          'The Las Nubes cooperative, a neighbour of Alto Verde, exported 5,100 tonnes of coffee.',
          'Las Nubes has 780 member farms.',
        ],
      },
      {
        title: 'Fair trade premium for Alto Verde',
        paragraphs: [
          'Alto Verde received a fair trade premium of 1.2 million dollars last season.',
          'The premium paid for a new drying facility.',
        ],
      },
    ],
    answer: [
      { text: 'Alto Verde exported 9,400 tonnes of green coffee last season.', marks: [1], supportedBy: [1] },
      { text: 'Alto Verde has 780 member farms.', marks: [2], supportedBy: [] },
      { text: 'The cooperative received a 1.2 million dollar fair trade premium.', marks: [1], supportedBy: [3] },
      { text: 'Most of its coffee goes to Europe.', marks: [3], supportedBy: [1] },
    ],
  },
  {
    question: 'What is the population of Brenna and how fast is it growing?',
    pages: [
      {
        title: 'Census results for Brenna',
        paragraphs: [
          'According to the census, Brenna has 486,000 residents.',
          'The population grew by 1.4 percent a year over the past decade.',
        ],
      },
      {
        title: 'Brenna metropolitan area profile',
        paragraphs: [
          'The Brenna metropolitan area, including its suburbs, is home to 1.1 million people.',
          'Unemployment in the metropolitan area is 4.8 percent.',
        ],
      },
      {
        title: 'Housing in Brenna',
        paragraphs: ['The city of Brenna approved 6,200 new homes last year.', 'Average rents rose 7 percent.'],
      },
    ],
    answer: [
      { text: 'Brenna has 486,000 residents.', marks: [2], supportedBy: [1] },
      { text: 'Brenna has a population of 1.1 million.', marks: [1], supportedBy: [] },
      { text: 'The population has grown 1.4 percent a year over the past decade.', marks: [1], supportedBy: [1] },
      { text: 'The city approved 6,200 new homes last year.', marks: [3], supportedBy: [3] },
      { text: 'Brenna has the lowest crime rate in the country.', marks: [2], supportedBy: [] },
    ],
  },
];

/**
 * Written after the citation check was changed in the light of HELD_OUT's failures, and measured
 * once: the unseen figure for the changed check.
 */
export const HELD_OUT_LATER: HeldOutQuestion[] = [
  {
    question: '苍梧港国际邮轮码头能停靠多大的邮轮',
    pages: [
      {
        title: '苍梧港国际邮轮码头竣工',
        paragraphs: [
          '苍梧港国际邮轮码头岸线长770米，可停靠22.5万吨级的邮轮。',
          '码头配套的客运大楼面积为4.8万平方米，年设计通关能力150万人次。',
        ],
      },
      {
        title: '苍梧港货运码头去年吞吐量',
        paragraphs: ['苍梧港货运码头拥有7个万吨级泊位，可靠泊10万吨级散货船。', '去年货运码头完成货物吞吐量3900万吨。'],
      },
      {
        title: '邮轮旅游复苏',
        paragraphs: ['今年上半年，苍梧港国际邮轮码头共接待邮轮46艘次。', '出入境旅客达到9.2万人次。'],
      },
    ],
    answer: [
      { text: '苍梧港国际邮轮码头可以停靠22.5万吨级邮轮', marks: [1], supportedBy: [1] },
      { text: '邮轮码头岸线长770米', marks: [3], supportedBy: [1] },
      { text: '邮轮码头拥有7个万吨级泊位', marks: [2], supportedBy: [] },
      { text: '今年上半年邮轮码头接待邮轮46艘次', marks: [3], supportedBy: [3] },
      { text: '客运大楼每年可通关150万人次', marks: [2], supportedBy: [1] },
    ],
  },
  {
    question: '雁栖湖光伏电站的装机容量和年发电量',
    pages: [
      {
        title: '雁栖湖光伏电站并网发电',
        paragraphs: [
          '雁栖湖光伏电站装机容量为300兆瓦，是当地最大的水面光伏项目。',
          '电站预计年发电量3.6亿千瓦时，每年可减少二氧化碳排放约29万吨。',
        ],
      },
      {
        title: '全省新能源装机突破三千万千瓦',
        paragraphs: ['截至年底，全省风电和光伏装机合计3050万千瓦。', '其中光伏装机1870万千瓦，同比增长41%。'],
      },
      {
        title: '渔光互补：水上发电水下养鱼',
        paragraphs: [
          '在雁栖湖光伏电站的光伏板下方，养殖户继续养殖鲢鱼和鳙鱼。',
          '项目每年向村集体支付水面租金约600万元。',
        ],
      },
    ],
    answer: [
      { text: '雁栖湖光伏电站装机容量300兆瓦', marks: [2], supportedBy: [1] },
      { text: '年发电量约为3.6亿千瓦时', marks: [1], supportedBy: [1] },
      { text: '雁栖湖光伏电站同比增长41%', marks: [2], supportedBy: [] },
      { text: '光伏板下方仍在养殖鲢鱼和鳙鱼', marks: [3], supportedBy: [3] },
      { text: '项目每年支付水面租金约600万元', marks: [1], supportedBy: [3] },
    ],
  },
  {
    question: '墨河流域治理工程投资多少',
    pages: [
      {
        title: '墨河流域综合治理工程启动',
        paragraphs: [
          '墨河流域综合治理工程总投资86亿元，计划用五年完成。',
          '工程将整治河道212公里，新建和加固堤防340公里。',
        ],
      },
      {
        title: '墨河上游生态修复成效',
        paragraphs: ['墨河上游三年来完成植树造林12万亩。', '上游断面水质已由四类提升到三类。'],
      },
      {
        title: '邻省清水河治理经验',
        paragraphs: ['清水河治理工程总投资41亿元，整治河道150公里。', '墨河流域治理工程的设计团队曾赴清水河考察。'],
      },
    ],
    answer: [
      { text: '墨河流域综合治理工程总投资86亿元', marks: [3], supportedBy: [1] },
      { text: '工程将整治河道212公里', marks: [1], supportedBy: [1] },
      { text: '墨河流域治理工程整治河道150公里', marks: [3], supportedBy: [] },
      { text: '墨河上游完成植树造林12万亩', marks: [2], supportedBy: [2] },
    ],
  },
  {
    question: '锦屏科技园入驻了多少企业',
    pages: [
      {
        title: '锦屏科技园年度发展报告',
        paragraphs: [
          '截至去年底，锦屏科技园累计入驻企业1260家，其中高新技术企业310家。',
          '园区企业全年营业收入达到540亿元。',
        ],
      },
      {
        title: '锦屏科技园二期开园',
        paragraphs: ['锦屏科技园二期建筑面积45万平方米，首批签约企业85家。', '二期重点引进集成电路和生物医药企业。'],
      },
      {
        title: '全市科技园区排名',
        paragraphs: [
          '在全市23个科技园区中，锦屏科技园的综合排名位列第三。',
          '排名第一的是滨江软件园，入驻企业2100家。',
        ],
      },
    ],
    answer: [
      { text: '锦屏科技园累计入驻企业1260家', marks: [1], supportedBy: [1] },
      { text: '其中高新技术企业有310家', marks: [2], supportedBy: [1] },
      { text: '锦屏科技园入驻企业2100家', marks: [3], supportedBy: [] },
      { text: '二期首批签约企业85家', marks: [2], supportedBy: [2] },
      { text: '锦屏科技园在全市排名第三', marks: [1], supportedBy: [3] },
    ],
  },
  {
    question: 'How many passengers does the Rennick Metro Line 4 carry?',
    pages: [
      {
        title: 'Line 4 ridership beats forecasts',
        paragraphs: [
          'Rennick Metro Line 4 carried an average of 312,000 passengers per weekday in its first year.',
          'The forecast had been 260,000.',
        ],
      },
      {
        title: 'Rennick Metro network facts',
        paragraphs: [
          'The Rennick Metro has five lines and 94 stations.',
          'Across the whole network, about 1.4 million trips are made on a typical weekday.',
        ],
      },
      {
        title: 'Line 4 construction',
        paragraphs: [
          'Line 4 runs 21 kilometres underground and serves 17 stations.',
          'Construction took six years and cost 4.1 billion dollars.',
        ],
      },
    ],
    answer: [
      { text: 'Line 4 carries about 312,000 passengers each weekday.', marks: [2], supportedBy: [1] },
      { text: 'Ridership beat the forecast of 260,000.', marks: [1], supportedBy: [1] },
      { text: 'Line 4 carries 1.4 million passengers a day.', marks: [2], supportedBy: [] },
      { text: 'Line 4 serves 17 stations along 21 kilometres.', marks: [3], supportedBy: [3] },
      { text: 'Line 4 cost 4.1 billion dollars to build.', marks: [2], supportedBy: [3] },
    ],
  },
  {
    question: 'What is the annual budget of the Dunmore Public Library?',
    pages: [
      {
        title: 'Dunmore council approves library budget',
        paragraphs: [
          'The council approved an annual budget of 18.6 million dollars for the Dunmore Public Library.',
          'The budget includes 2.3 million dollars for new books and digital media.',
        ],
      },
      {
        title: 'Dunmore Public Library annual report',
        paragraphs: [
          'The library lent 1.9 million items last year across its 11 branches.',
          'It registered 24,000 new members.',
        ],
      },
      {
        title: 'Dunmore parks budget',
        paragraphs: [
          'Parks and recreation will receive 26 million dollars, the council said.',
          'The library and parks budgets were both approved on Tuesday.',
        ],
      },
    ],
    answer: [
      {
        text: 'The Dunmore Public Library has an annual budget of 18.6 million dollars.',
        marks: [3],
        supportedBy: [1],
      },
      { text: '2.3 million dollars of it goes to new books and digital media.', marks: [1], supportedBy: [1] },
      { text: 'The library budget is 26 million dollars.', marks: [3], supportedBy: [] },
      { text: 'The library has 11 branches.', marks: [2], supportedBy: [2] },
      { text: 'The library lent 1.9 million items last year.', marks: [1], supportedBy: [2] },
    ],
  },
  {
    question: 'When was the Feldt Observatory telescope built and how big is its mirror?',
    pages: [
      {
        title: 'History of the Feldt Observatory',
        paragraphs: [
          'The main telescope of the Feldt Observatory was completed in 1938.',
          'Its primary mirror measures 1.8 metres across.',
        ],
      },
      {
        title: 'New survey telescope for Feldt',
        paragraphs: [
          'A new 0.9-metre survey telescope was installed at the Feldt Observatory in 2020.',
          'It scans the whole visible sky every three nights.',
        ],
      },
      {
        title: 'Astronomy club visits',
        paragraphs: [
          'The observatory opens to the public on the first Friday of each month.',
          'Visitors can look through a small 0.3-metre telescope.',
        ],
      },
    ],
    answer: [
      { text: 'The Feldt Observatory main telescope was completed in 1938.', marks: [2], supportedBy: [1] },
      { text: 'Its primary mirror is 1.8 metres across.', marks: [1], supportedBy: [1] },
      { text: 'The main telescope was installed in 2020.', marks: [2], supportedBy: [] },
      { text: 'The observatory opens to the public on the first Friday of each month.', marks: [3], supportedBy: [3] },
    ],
  },
  {
    question: 'How much does the Castell water treatment plant process per day?',
    pages: [
      {
        title: 'Castell plant upgrade finished',
        paragraphs: [
          'After the upgrade, the Castell water treatment plant can process 450 megalitres per day.',
          'The upgrade added ultraviolet disinfection.',
        ],
      },
      {
        title: 'Regional water supply overview',
        paragraphs: [
          'The region uses about 1,100 megalitres of water per day in summer.',
          'Three treatment plants, including Castell, supply the region.',
        ],
      },
      {
        title: 'Castell plant open day',
        paragraphs: [
          'More than 3,000 people toured the Castell plant during its open day.',
          'The plant employs 85 people.',
        ],
      },
    ],
    answer: [
      { text: 'The Castell plant processes 450 megalitres per day.', marks: [1], supportedBy: [1] },
      { text: 'Castell processes about 1,100 megalitres per day in summer.', marks: [2], supportedBy: [] },
      { text: 'The upgrade added ultraviolet disinfection.', marks: [3], supportedBy: [1] },
      { text: 'The Castell plant employs 85 people.', marks: [3], supportedBy: [3] },
    ],
  },
];
