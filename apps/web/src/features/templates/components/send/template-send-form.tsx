import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@wac/contract/chat';
import { renderTemplate } from '@wac/contract/template-parameters';
import type { Template } from '@wac/contract/templates';
import { formatAddress } from '@wac/contract/whatsapp-user-id';
import { type FormEvent, useMemo, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { templateKey, useTemplate } from '../../api/get-template';
import { sendTemplate } from '../../api/send-template';
import { TextAreaField } from '../form-fields';
import { TemplatePreview } from '../template-preview';
import { codeLabel } from '../template-status';
import { parseRecipients } from './recipients';
import { type RecipientResult, SendResults } from './send-results';
import { emptySendValues, type SendValues, sendIssuesByField, toSendComponents, withPlaceholders } from './send-values';
import { TemplatePicker } from './template-picker';
import { TemplateValuesFields } from './template-values-fields';
import '../templates.css';
import { FormAlert } from '../../../../ui/form-alert';

interface TemplateSendFormProps {
  /** One fixed recipient (the chat's customer); without it the recipients are typed. */
  phone?: string;
  recipientName?: string;
  /** The business number to send from (the chat's conversation's); the server's default without it. */
  from?: string;
  initialTemplateId?: number;
  initialRecipients?: string;
  /** Called with each message WhatsApp took. */
  onSent?: (message: ChatMessage) => void;
}

const failureOf = (message: ChatMessage) =>
  [message.error?.title, message.error?.details].filter(Boolean).join(': ') || 'WhatsApp refused the message';

/** Pick an approved template, fill in its values, preview it and send it to one or several numbers. */
export function TemplateSendForm({ phone, recipientName, from, initialTemplateId, initialRecipients = '', onSent }: TemplateSendFormProps) {
  const queryClient = useQueryClient();
  const [templateId, setTemplateId] = useState(initialTemplateId ?? 0);
  const template = useTemplate(templateId);
  const [values, setValues] = useState<SendValues>(emptySendValues);
  const [localMedia, setLocalMedia] = useState<{ url: string; name: string } | null>(null);
  const [recipientsText, setRecipientsText] = useState(initialRecipients);
  const [attempted, setAttempted] = useState(false);
  const [results, setResults] = useState<RecipientResult[]>([]);
  const [sending, setSending] = useState(false);

  const chosen = template.data && templateId ? template.data : null;
  const components = useMemo(() => (chosen ? toSendComponents(chosen, values) : []), [chosen, values]);
  const issues = useMemo(() => (chosen ? sendIssuesByField(chosen, components) : new Map<string, string>()), [chosen, components]);
  const recipients = phone ? { phones: [phone], invalid: [] } : parseRecipients(recipientsText);
  const recipientsError =
    recipients.invalid.length > 0
      ? `Not phone numbers or WhatsApp user IDs: ${recipients.invalid.join(', ')}`
      : recipients.phones.length === 0
        ? 'Add at least one phone number'
        : undefined;
  const unusable = chosen && (!chosen.usable || !chosen.supported);
  const issue = (field: string) => (attempted ? issues.get(field) : undefined);

  const choose = (picked: Template | null) => {
    if (picked) queryClient.setQueryData(templateKey(picked.id), picked);
    setTemplateId(picked?.id ?? 0);
    setValues(emptySendValues());
    setLocalMedia(null);
    setAttempted(false);
    setResults([]);
  };

  async function send(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    if (!chosen || unusable || issues.size > 0 || recipientsError || sending) return;
    setSending(true);
    setResults(recipients.phones.map((p) => ({ phone: p, state: 'sending' })));
    const settle = (to: string, result: Omit<RecipientResult, 'phone'>) =>
      setResults((rows) => rows.map((r) => (r.phone === to ? { phone: to, ...result } : r)));
    for (const to of recipients.phones) {
      try {
        const message = await sendTemplate({
          phone: to,
          recipientName: phone ? recipientName : undefined,
          from,
          template_name: chosen.name,
          language_code: chosen.language,
          components,
        });
        if (message.status === 'failed') settle(to, { state: 'failed', error: failureOf(message) });
        else {
          settle(to, { state: 'sent' });
          onSent?.(message);
        }
      } catch (error) {
        settle(to, { state: 'failed', error: errorMessage(error, 'Failed to send template') });
      }
    }
    setSending(false);
  }

  const rendered = chosen ? renderTemplate(chosen, toSendComponents(chosen, withPlaceholders(chosen, values))) : null;
  const media = values.mediaSource === 'link' && values.mediaLink ? { url: values.mediaLink, name: null } : (localMedia ?? undefined);
  return (
    <form className="template-send-layout" onSubmit={send} noValidate>
      <div className="stack">
        <TemplatePicker value={chosen} onChange={choose} />
        <FormAlert
          inline
          message={templateId > 0 && !chosen && template.isError && errorMessage(template.error, 'Failed to fetch template')}
        />
        {unusable && (
          <div className="status-banner status-banner-warning" role="status">
            {chosen.name} is {codeLabel(chosen.status).toLowerCase()} and cannot be sent.
          </div>
        )}
        {chosen && !unusable && (
          <TemplateValuesFields
            template={chosen}
            values={values}
            onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
            issue={issue}
            onLocalMedia={setLocalMedia}
          />
        )}
        {issue('form') && <p className="field-error">{issue('form')}</p>}
        {phone ? (
          <p className="muted">
            To <span className="mono">{formatAddress(phone)}</span>
            {recipientName ? ` (${recipientName})` : ''}
          </p>
        ) : (
          <TextAreaField
            label="Recipients"
            rows={4}
            placeholder={'+447700900123\n+5511987654321'}
            value={recipientsText}
            error={attempted || recipients.invalid.length > 0 ? recipientsError : undefined}
            hint={`One phone number (or WhatsApp user ID) per line, or separated by commas${recipients.phones.length ? ` · ${recipients.phones.length} recipient${recipients.phones.length === 1 ? '' : 's'}` : ''}`}
            onChange={(e) => setRecipientsText(e.target.value)}
          />
        )}
        <div className="form-actions">
          <Button type="submit" loading={sending} disabled={!chosen || Boolean(unusable)}>
            Send
          </Button>
        </div>
        {!phone && <SendResults results={results} />}
        <FormAlert message={phone && results[0]?.state === 'failed' && results[0].error} />
      </div>
      <aside className="template-preview-pane">
        <h2>Preview</h2>
        {rendered ? <TemplatePreview rendered={rendered} media={media} /> : <p className="muted">Choose a template to see it here.</p>}
      </aside>
    </form>
  );
}
