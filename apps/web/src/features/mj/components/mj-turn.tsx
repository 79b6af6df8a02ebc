import { mjActionLabel, type MjMessage } from '@portal/contract';
import { useLiveTurn } from '../api/poll-reply';
import { MjReply, type MjAct } from './mj-reply';

/** One turn: what was asked (the prompt, or the button pressed) and its reply, followed while it runs. */
export function MjTurn({ turn, busy, onAct }: { turn: MjMessage; busy: boolean; onAct: MjAct }) {
  const live = useLiveTurn(turn);
  return (
    <li className="mj-turn" data-testid="mj-turn" data-status={live.status}>
      <div className="mj-question">{mjActionLabel(live.action, live.variant, live.prompt)}</div>
      {live.action === 'imagine' ? null : <div className="mj-question-note">{live.prompt}</div>}
      <MjReply turn={live} busy={busy} onAct={onAct} />
    </li>
  );
}
