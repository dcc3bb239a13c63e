import { distinctVariables } from '@wac/contract/template-rules';
import { templateLimits } from '@wac/contract/templates';
import { Button } from '../../../../ui/button';
import { TextField } from '../../../../ui/text-field';
import { SelectField, TemplateSection } from '../form-fields';
import type { EditorPartProps } from './editor-props';
import { type ButtonFields, type EditorButtonType, editorButtonTypes, moved, newButton } from './template-form';

export const buttonTypeLabel: Record<EditorButtonType, string> = {
  QUICK_REPLY: 'Quick reply',
  URL: 'Visit website (URL)',
  PHONE_NUMBER: 'Call phone number',
  COPY_CODE: 'Copy offer code',
};

interface ButtonRowProps extends EditorPartProps {
  button: ButtonFields;
  index: number;
}

function ButtonRow({ form, change, issue, button, index }: ButtonRowProps) {
  const at = `BUTTONS.buttons[${index}]`;
  const set = (patch: Partial<ButtonFields>, field: string) =>
    change({ buttons: form.buttons.map((b) => (b.key === button.key ? { ...b, ...patch } : b)) }, `${at}.${field}`);
  const count = form.buttons.length;
  return (
    <fieldset className="template-button" aria-label={`Button ${index + 1}`}>
      <div className="template-button-fields">
        <SelectField label="Button type" value={button.type} onChange={(e) => set({ type: e.target.value as EditorButtonType }, 'type')}>
          {editorButtonTypes.map((type) => (
            <option key={type} value={type}>
              {buttonTypeLabel[type]}
            </option>
          ))}
        </SelectField>
        {button.type !== 'COPY_CODE' && (
          <TextField
            label="Button text"
            value={button.text}
            maxLength={templateLimits.buttonTextMaxLength + 10}
            error={issue(`${at}.text`)}
            onChange={(e) => set({ text: e.target.value }, 'text')}
          />
        )}
        {button.type === 'URL' && (
          <>
            <TextField
              label="URL"
              type="url"
              value={button.url}
              placeholder="https://example.com/orders/{{1}}"
              error={issue(`${at}.url`)}
              hint="May end with one variable, {{1}}"
              onChange={(e) => set({ url: e.target.value }, 'url')}
            />
            {distinctVariables(button.url).length > 0 && (
              <TextField
                label="Example URL"
                type="url"
                value={button.urlExample}
                placeholder="https://example.com/orders/12345"
                error={issue(`${at}.example`)}
                onChange={(e) => set({ urlExample: e.target.value }, 'example')}
              />
            )}
          </>
        )}
        {button.type === 'PHONE_NUMBER' && (
          <TextField
            label="Phone number"
            type="tel"
            value={button.phoneNumber}
            placeholder="+447700900123"
            error={issue(`${at}.phone_number`)}
            onChange={(e) => set({ phoneNumber: e.target.value }, 'phone_number')}
          />
        )}
        {button.type === 'COPY_CODE' && (
          <TextField
            label="Example code"
            value={button.code}
            maxLength={templateLimits.copyCodeExampleMaxLength + 5}
            error={issue(`${at}.example`)}
            hint="The real code is given when the template is sent"
            onChange={(e) => set({ code: e.target.value }, 'example')}
          />
        )}
      </div>
      <div className="template-button-actions">
        <Button
          variant="ghost"
          className="btn-small"
          disabled={index === 0}
          aria-label={`Move button ${index + 1} up`}
          onClick={() => change({ buttons: moved(form.buttons, index, -1) }, 'BUTTONS.buttons')}
        >
          ↑
        </Button>
        <Button
          variant="ghost"
          className="btn-small"
          disabled={index === count - 1}
          aria-label={`Move button ${index + 1} down`}
          onClick={() => change({ buttons: moved(form.buttons, index, 1) }, 'BUTTONS.buttons')}
        >
          ↓
        </Button>
        <Button
          variant="ghost"
          className="btn-small text-danger"
          aria-label={`Remove button ${index + 1}`}
          onClick={() => change({ buttons: form.buttons.filter((b) => b.key !== button.key) }, 'BUTTONS.buttons')}
        >
          Remove
        </Button>
      </div>
      {issue(at) && <p className="field-error">{issue(at)}</p>}
    </fieldset>
  );
}

/** Up to ten buttons of the four kinds, added, removed and reordered in place. */
export function ButtonsFields(props: EditorPartProps) {
  const { form, change, issue } = props;
  return (
    <TemplateSection legend="Buttons">
      {form.buttons.length === 0 && <p className="field-hint">Optional: quick replies, a website, a phone number or an offer code.</p>}
      {form.buttons.map((button, index) => (
        <ButtonRow key={button.key} {...props} button={button} index={index} />
      ))}
      {issue('BUTTONS.buttons') && <p className="field-error">{issue('BUTTONS.buttons')}</p>}
      <div>
        <Button
          variant="secondary"
          disabled={form.buttons.length >= templateLimits.maxButtons}
          onClick={() => change({ buttons: [...form.buttons, newButton('QUICK_REPLY')] }, 'BUTTONS.buttons')}
        >
          Add button
        </Button>
      </div>
    </TemplateSection>
  );
}
