import { type QuickReplyOption, whatsappInteractiveLimits } from '@wac/contract/flows';
import { Button } from '../../../../ui/button';
import { nextOptionId } from '../builder/node-factory';
import { optionTitleLimit } from '../nodes/node-labels';
import { CountedTextField } from './counted-text-field';

interface QuickReplyOptionsProps {
  options: QuickReplyOption[];
  /** `group`: the option being typed in (one undo step per option), null for an added, moved or removed option. */
  onChange: (options: QuickReplyOption[], group: string | null) => void;
}

/** The answers offered: up to 3 as reply buttons (20 characters), up to 10 as a list (24, with descriptions). */
export function QuickReplyOptions({ options, onChange }: QuickReplyOptionsProps) {
  const asList = options.length > whatsappInteractiveLimits.buttons;
  const limit = optionTitleLimit(options.length);
  const update = (index: number, patch: Partial<QuickReplyOption>, field: string) =>
    onChange(
      options.map((o, k) => (k === index ? { ...o, ...patch } : o)),
      `${options[index]?.id}:${field}`,
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...options];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    onChange(next, null);
  };
  return (
    <fieldset className="flow-options">
      <legend>Options</legend>
      <p className="field-hint">
        {asList ? 'Sent as a list: up to 10 rows.' : 'Sent as reply buttons: up to 3; a 4th option turns them into a list.'}
      </p>
      <ol>
        {options.map((option, index) => {
          const name = option.title || `option ${index + 1}`;
          return (
            <li key={option.id} className="flow-option">
              <CountedTextField
                label={`Option ${index + 1} title`}
                value={option.title}
                onChange={(title) => update(index, { title }, 'title')}
                limit={limit}
              />
              {asList && (
                <CountedTextField
                  label={`Option ${index + 1} description`}
                  value={option.description ?? ''}
                  onChange={(description) => update(index, { description: description || undefined }, 'description')}
                  limit={whatsappInteractiveLimits.listRowDescription}
                />
              )}
              <div className="flow-option-actions">
                <Button
                  variant="ghost"
                  className="btn-small"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move ${name} up`}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  className="btn-small"
                  disabled={index === options.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move ${name} down`}
                >
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  className="btn-small text-danger"
                  onClick={() =>
                    onChange(
                      options.filter((_, k) => k !== index),
                      null,
                    )
                  }
                  aria-label={`Remove ${name}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        className="btn-small"
        disabled={options.length >= whatsappInteractiveLimits.listRows}
        onClick={() => onChange([...options, { id: nextOptionId(options), title: '' }], null)}
      >
        Add option
      </Button>
    </fieldset>
  );
}
