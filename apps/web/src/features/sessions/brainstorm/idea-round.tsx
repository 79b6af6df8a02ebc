import { useState } from 'react';
import Button from 'antd/es/button';
import MergeCellsOutlined from '@ant-design/icons/es/icons/MergeCellsOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { brainstormMethodLabels, type BrainstormRound, type IdeaState } from '@portal/contract';
import { mergeIdeas, updateIdea } from '../api/session-api';
import { useSessionActions } from '../components/session-actions';
import { useSessionStore } from '../store/session-store';
import { IdeaCardView } from './idea-card';

export const ideasKey = (sessionId: string) => ['brainstorm-ideas', sessionId] as const;

/** A round's idea cards with the actions on them; edits are saved at once and shown everywhere. */
export function IdeaRoundView({ round }: { round: BrainstormRound }) {
  const { sessionId, busy, method, ask } = useSessionActions();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const save = async (action: () => Promise<void>) => {
    setSaving(true);
    try {
      await action();
      void queryClient.invalidateQueries({ queryKey: ideasKey(sessionId) });
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };
  const setState = (cardId: string, state: IdeaState) =>
    save(async () =>
      useSessionStore.getState().patchCard(await updateIdea({ session_id: sessionId, card_id: cardId, state })),
    );
  const rate = (cardId: string, rating: number | null) =>
    save(async () =>
      useSessionStore.getState().patchCard(await updateIdea({ session_id: sessionId, card_id: cardId, rating })),
    );
  const merge = () =>
    save(async () => {
      await mergeIdeas({ session_id: sessionId, card_ids: selected });
      setSelected([]);
    });
  const expand = (cardId: string, title: string) =>
    ask(`展开「${title}」· ${brainstormMethodLabels[method]}`, { action: 'round', method, expand_card_id: cardId });

  return (
    <section className="idea-round" aria-label={`第 ${round.round} 轮`} data-testid="idea-round">
      <div className="idea-round-head">
        <span>
          第 {round.round} 轮 · {brainstormMethodLabels[round.method]}
        </span>
        <Button
          size="small"
          icon={<MergeCellsOutlined />}
          disabled={selected.length < 2 || saving || busy}
          onClick={() => void merge()}
        >
          合并所选{selected.length ? `（${selected.length}）` : ''}
        </Button>
      </div>
      <div className="idea-grid">
        {round.cards.map((card) => (
          <IdeaCardView
            key={card.card_id}
            card={card}
            selected={selected.includes(card.card_id)}
            busy={saving}
            onState={(state) => void setState(card.card_id, state)}
            onRate={(rating) => void rate(card.card_id, rating)}
            onSelect={(on) =>
              setSelected((list) => (on ? [...list, card.card_id] : list.filter((id) => id !== card.card_id)))
            }
            onExpand={() => expand(card.card_id, card.title)}
          />
        ))}
      </div>
    </section>
  );
}
