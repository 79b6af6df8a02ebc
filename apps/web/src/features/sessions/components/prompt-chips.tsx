import { useQuery } from '@tanstack/react-query';
import type { PromptSuggestion } from '@portal/contract';
import { promptCompletions } from '../api/session-api';
import type { SessionModuleConfig } from '../config/session-modules';

interface PromptChipsProps {
  config: SessionModuleConfig;
  sessionId?: string;
  /** Changes when the session's ready files change, so the suggestions follow them. */
  filesKey: string;
  disabled: boolean;
  onPick(suggestion: PromptSuggestion): void;
}

/** Suggested prompts for this session and its files (`session/promptCompletions`), as a row of chips. */
export function PromptChips({ config, sessionId, filesKey, disabled, onPick }: PromptChipsProps) {
  const query = useQuery({
    queryKey: ['session-prompts', config.name, sessionId ?? '', filesKey],
    queryFn: () => promptCompletions(config, sessionId),
    staleTime: 60_000,
  });
  const list = query.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className="session-chips" role="list" aria-label="推荐提问">
      {list.map((s) => (
        <button
          key={`${s.action}-${s.label}`}
          type="button"
          role="listitem"
          className="session-chip"
          title={s.prompt}
          disabled={disabled}
          onClick={() => onPick(s)}
        >
          {s.label}
        </button>
      ))}
    </div>
  );
}
