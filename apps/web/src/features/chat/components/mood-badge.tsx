import { useId, useState } from 'react';
import type { ConversationMood } from './conversation-mood';
import { SentimentFace } from './sentiment-mark';

const signed = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}`;

function explanation(mood: ConversationMood): string {
  const read = `Average sentiment of the customer’s last ${mood.count === 1 ? 'scored message' : `${mood.count} scored messages`}: ${signed(mood.average)} (${mood.level}).`;
  if (!mood.halves) return `${read} Too few to tell a trend.`;
  return `${read} The newer half averages ${signed(mood.halves.newer)}, the older ${signed(mood.halves.older)}.`;
}

/** The customer's mood in the thread's header, with how it was read in a tooltip (on hover and on focus; Escape hides it). */
export function MoodBadge({ mood }: { mood: ConversationMood }) {
  const tipId = useId();
  const [dismissed, setDismissed] = useState(false);
  return (
    <span className={`mood${dismissed ? ' is-dismissed' : ''}`}>
      <button
        type="button"
        className={`badge mood-badge sentiment-${mood.level}`}
        aria-describedby={tipId}
        onKeyDown={(e) => e.key === 'Escape' && setDismissed(true)}
        onBlur={() => setDismissed(false)}
        onMouseEnter={() => setDismissed(false)}
      >
        <SentimentFace label={mood.level} />
        Mood: {mood.trend ?? mood.level}
      </button>
      <span role="tooltip" id={tipId} className="mood-tooltip">
        {explanation(mood)}
      </span>
    </span>
  );
}
