import { lazy, Suspense } from 'react';
import Spin from 'antd/es/spin';
import { formatCount, type InsightClaim, type InsightReport } from '@portal/contract';
import { EvidenceList } from './evidence-list';

const EmotionChart = lazy(() => import('./emotion-chart'));

function ClaimSection({ title, claims, testId }: { title: string; claims: InsightClaim[]; testId: string }) {
  return (
    <section className="insight-section" aria-label={title} data-testid={testId}>
      <h4>{title}</h4>
      {claims.length === 0 ? (
        <p className="insight-none">未发现</p>
      ) : (
        <ol className="insight-claims">
          {claims.map((c) => (
            <li key={c.title} className="insight-claim">
              <div className="insight-claim-head">
                <strong>{c.title}</strong>
                <span className="insight-count">{formatCount(c.count)} 条提及</span>
              </div>
              {c.detail ? <p>{c.detail}</p> : null}
              <EvidenceList evidence={c.evidence} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The insight report: overview, emotion shares (chart), needs, pain points, delights, personas; every claim with its quotes. */
export function InsightReportView({ report }: { report: InsightReport }) {
  const emotions = [...report.emotions].sort((a, b) => b.count - a.count);
  return (
    <div className="insight-report" data-testid="insight-report">
      <h3>用户感性洞察报告</h3>
      <p className="insight-summary">
        共分析 <strong data-testid="insight-voices">{formatCount(report.voice_count)}</strong> 条用户原声。
        {report.summary}
      </p>
      <section className="insight-section" aria-label="情绪分布">
        <h4>情绪分布</h4>
        {emotions.length === 0 ? (
          <p className="insight-none">未识别到明显情绪</p>
        ) : (
          <>
            <Suspense
              fallback={
                <Spin description="正在绘制图表…">
                  <div style={{ height: 120 }} />
                </Spin>
              }
            >
              <EmotionChart emotions={emotions} />
            </Suspense>
            <ul className="insight-emotions">
              {emotions.map((e) => (
                <li key={e.emotion}>
                  <div className="insight-claim-head">
                    <strong>{e.label}</strong>
                    <span className="insight-count">
                      {formatCount(e.count)} 条 · {Math.round(e.share * 100)}%
                    </span>
                  </div>
                  <EvidenceList evidence={e.evidence.slice(0, 2)} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <ClaimSection title="用户需求" claims={report.needs} testId="insight-needs" />
      <ClaimSection title="痛点" claims={report.pain_points} testId="insight-pains" />
      <ClaimSection title="惊喜时刻" claims={report.delights} testId="insight-delights" />
      <section className="insight-section" aria-label="用户画像">
        <h4>用户画像</h4>
        {report.personas.length === 0 ? (
          <p className="insight-none">未发现</p>
        ) : (
          <div className="insight-personas">
            {report.personas.map((p) => (
              <article key={p.name} className="insight-persona">
                <strong>{p.name}</strong>
                <p>{p.description}</p>
                {p.goals.length ? <p>目标：{p.goals.join('；')}</p> : null}
                {p.frustrations.length ? <p>困扰：{p.frustrations.join('；')}</p> : null}
                <EvidenceList evidence={p.evidence} />
              </article>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
