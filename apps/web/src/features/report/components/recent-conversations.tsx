import Typography from 'antd/es/typography';
import { Link } from 'react-router';
import { useReportConversations } from '../api/list-conversations';

const SHOWN = 8;

/** The user's latest report conversations, to pick one up again; nothing when there are none. */
export function RecentConversations() {
  const query = useReportConversations();
  const list = query.data?.slice(0, SHOWN) ?? [];
  if (list.length === 0) return null;
  return (
    <section className="report-recent" aria-label="最近的会话">
      <Typography.Title level={5}>最近的会话</Typography.Title>
      <ul>
        {list.map((c) => (
          <li key={c.conversation_id}>
            <Link to={`/report/session?id=${c.conversation_id}`}>{c.title}</Link>
            <span className="report-meta">
              {c.reports.length} 份报告
              {c.missing_report_ids.length > 0 ? `，${c.missing_report_ids.length} 份已删除` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
