import Segmented from 'antd/es/segmented';
import { useLocation, useNavigate } from 'react-router';

/** The overview's two children: 洞察 and 收藏. */
export function OverviewNav() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <Segmented
      value={pathname.endsWith('/collection') ? 'collection' : 'insight'}
      onChange={(v) => void navigate(`/red/overview/${String(v)}${v === 'insight' ? search : ''}`)}
      options={[
        { value: 'insight', label: '品类洞察' },
        { value: 'collection', label: '我的收藏' },
      ]}
    />
  );
}
