import type { DocCitation } from '@portal/contract';

interface CitationChipsProps {
  citations: readonly DocCitation[];
  onOpen: (citation: DocCitation) => void;
  /** Only these numbers (a brief item); all when absent. */
  only?: readonly number[];
}

/** The numbered sources of an answer; each opens the report at its page. */
export function CitationChips({ citations, onOpen, only }: CitationChipsProps) {
  const shown = only ? citations.filter((c) => only.includes(c.index)) : citations;
  if (shown.length === 0) return null;
  return (
    <div className="report-citations" role="list" aria-label="引用来源">
      {shown.map((c) => (
        <button
          type="button"
          role="listitem"
          key={`${c.index}-${c.chunk_id}`}
          className="report-citation"
          onClick={() => onOpen(c)}
          title={c.quote.slice(0, 120)}
        >
          [{c.index}] {c.file_name}
          {c.page !== null ? ` 第${c.page}页` : ''}
        </button>
      ))}
    </div>
  );
}
