import { Alert } from 'antd';
import { useFacechainStatus } from '../api/option-lists';

/** Portraits need a GPU engine; the screen says why they cannot be made here. */
export function PortraitNotice() {
  const { data } = useFacechainStatus();
  if (!data || data.can_create) return null;
  return <Alert type="info" showIcon message="人像写真暂不可用" description={data.reason} />;
}
