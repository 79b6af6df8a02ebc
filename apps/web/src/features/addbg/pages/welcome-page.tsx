import { Button, Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import '../components/addbg.css';

/** 图片设计 welcome: what the designer does, and the way into the workbench. */
export function AddbgWelcomePage() {
  const navigate = useNavigate();
  return (
    <div className="ab-page">
      <Card>
        <Typography.Title level={3}>图片设计</Typography.Title>
        <Typography.Paragraph>
          上传商品图，一键抠图，换上纯色、渐变或影棚场景背景，调整光线、投影与尺寸（含 800×800、1440×1440
          电商白底主图），一次生成多张备选，下载透明 PNG 或 JPG。
        </Typography.Paragraph>
        <Button type="primary" onClick={() => void navigate('/addbg/workbench')}>
          进入工作台
        </Button>
      </Card>
    </div>
  );
}
