import { templateLimits } from '@wac/contract/templates';
import { TextField } from '../../../../ui/text-field';
import { TemplateSection } from '../form-fields';
import type { EditorPartProps } from './editor-props';

/** AUTHENTICATION templates: Meta writes the body and footer; the console chooses the security line, the expiry and the copy button's label. */
export function AuthenticationFields({ form, change, issue }: EditorPartProps) {
  return (
    <TemplateSection legend="One-time code">
      <p className="field-hint">Meta writes the text: “*123456* is your verification code.” The code is given when the template is sent.</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.securityRecommendation}
          onChange={(e) => change({ securityRecommendation: e.target.checked }, 'BODY')}
        />
        Add the security recommendation
      </label>
      <TextField
        label="Code expires after (minutes)"
        type="number"
        min={1}
        max={templateLimits.codeExpirationMinutesMax}
        value={form.codeExpiryMinutes}
        error={issue('FOOTER.code_expiration_minutes')}
        hint="Optional; shown as the footer"
        onChange={(e) => change({ codeExpiryMinutes: e.target.value }, 'FOOTER.code_expiration_minutes')}
      />
      <TextField
        label="Copy button text"
        value={form.otpText}
        placeholder="Copy code"
        error={issue('BUTTONS.buttons[0].text')}
        onChange={(e) => change({ otpText: e.target.value }, 'BUTTONS.buttons[0].text')}
      />
    </TemplateSection>
  );
}
