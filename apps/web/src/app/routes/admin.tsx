import Result from 'antd/es/result';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';

/** Hosts the analytics dashboard and the app/rights console. */
export default function AdminPage() {
  return <Result icon={<SettingOutlined />} title="管理控制台" subTitle="数据看板与应用权限管理即将上线" />;
}
