/**
 * Usage scenes (when and where a product is used) from keyword groups. A note is in a scene when
 * its text holds one of the group's words; the groups are the project's own.
 */
export const SCENE_GROUPS: readonly { scene: string; words: readonly string[] }[] = [
  { scene: '通勤上班', words: ['通勤', '上班', '早八', '打工人', '办公室', '地铁', '公司', '开会', '工位'] },
  { scene: '约会聚会', words: ['约会', '男朋友', '女朋友', '对象', '聚会', '派对', '情人节', '七夕', '闺蜜'] },
  { scene: '旅行出差', words: ['旅行', '旅游', '出差', '酒店', '机场', '度假', '民宿', '飞机', '高铁', '行李箱'] },
  { scene: '运动健身', words: ['健身', '跑步', '运动', '瑜伽', '健身房', '骑行', '游泳', '爬山', '马拉松'] },
  { scene: '居家日常', words: ['在家', '居家', '宅家', '卧室', '客厅', '家里', '周末', '追剧'] },
  { scene: '熬夜夜间', words: ['熬夜', '睡前', '晚上', '夜里', '加班', '失眠', '夜宵'] },
  { scene: '校园学生', words: ['学生', '宿舍', '上课', '考试', '开学', '图书馆', '学生党', '期末'] },
  { scene: '户外露营', words: ['户外', '露营', '海边', '徒步', '野餐', '沙滩', '暴晒'] },
  { scene: '送礼节日', words: ['送礼', '礼物', '生日', '节日', '伴手礼', '过年', '圣诞', '纪念日'] },
  { scene: '早餐下午茶', words: ['早餐', '早上', '早起', '下午茶', '午休', '咖啡店', '早饭'] },
  { scene: '母婴育儿', words: ['宝宝', '孕期', '带娃', '孩子', '新生儿', '哺乳', '宝妈'] },
  { scene: '妆前护肤', words: ['妆前', '护肤', '素颜', '上妆', '底妆', '换季', '敏感肌', '油皮', '干皮'] },
];

export interface SceneMatch {
  scenes: string[];
  /** The words that put the note in each scene, for the scene card's keywords. */
  words: Record<string, string[]>;
}

export function scenesOf(text: string): SceneMatch {
  const scenes: string[] = [];
  const words: Record<string, string[]> = {};
  for (const group of SCENE_GROUPS) {
    const hits = group.words.filter((w) => text.includes(w));
    if (hits.length > 0) {
      scenes.push(group.scene);
      words[group.scene] = hits;
    }
  }
  return { scenes, words };
}
