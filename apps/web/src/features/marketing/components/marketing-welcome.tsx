import Welcome from '@ant-design/x/es/welcome';
import Prompts from '@ant-design/x/es/prompts';
import BulbOutlined from '@ant-design/icons/es/icons/BulbOutlined';
import { MARKETING_SECTIONS } from '@portal/contract';

const EXAMPLES = [
  '某国产茶饮品牌在夏季推出“三点钟的暂停”主题活动：小红书种草 + 抖音短片 + 门店限定杯套，目标是提升 18–30 岁白领的下午茶场景认知。',
  '某运动品牌联合跑步达人在 618 期间发起城市夜跑挑战，抖音话题播放量 3.2 亿次，线下 12 城同步开跑。',
  '某家电品牌春节前推出以旧换新 + “回家”情感短片，在视频号和朋友圈广告投放，活动期间销量同比增长 45%。',
];

interface MarketingWelcomeProps {
  disabled?: boolean;
  onExample(text: string): void;
}

/** 案例分析's welcome: what the module does, the fixed frame, examples that send on click. */
export function MarketingWelcome({ disabled, onExample }: MarketingWelcomeProps) {
  return (
    <div className="mk-welcome">
      <Welcome
        variant="borderless"
        title="案例分析"
        description="描述一个营销活动（文字、粘贴的文案，或上传海报与 PDF），按固定框架拆解，并可收藏、按标签查找、逐项对比。"
      />
      <ol className="mk-frame" aria-label="分析框架">
        {MARKETING_SECTIONS.map((s) => (
          <li key={s.key}>{s.title}</li>
        ))}
      </ol>
      <Prompts
        title="试试这些案例"
        wrap
        items={EXAMPLES.map((text, i) => ({ key: String(i), icon: <BulbOutlined />, description: text, disabled }))}
        onItemClick={({ data }) => {
          if (typeof data.description === 'string') onExample(data.description);
        }}
      />
    </div>
  );
}
