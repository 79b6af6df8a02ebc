import type { Evidence } from '@portal/contract';
import { useSessionActions } from '../components/session-actions';
import { placeLabel, targetOfEvidence } from '../store/citation-links';

/** The quotes backing a claim; each opens its source (the PDF at its page, the row of a table). */
export function EvidenceList({ evidence }: { evidence: Evidence[] }) {
  const { openSource } = useSessionActions();
  if (evidence.length === 0) return null;
  return (
    <ul className="insight-evidence" aria-label="原文佐证">
      {evidence.map((e, i) => {
        const place = [e.file_name || '粘贴文本', placeLabel(e)].filter(Boolean).join(' · ');
        return (
          <li key={`${i}-${e.quote}`}>
            <button
              type="button"
              className="insight-quote"
              onClick={() => openSource(targetOfEvidence(e))}
              data-testid="insight-quote"
            >
              <q>{e.quote}</q>
              <span className="insight-quote-source">{place}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
