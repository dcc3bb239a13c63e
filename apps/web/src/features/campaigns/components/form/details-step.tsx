import { type Campaign, type CreateCampaignBody, campaignLimits, campaignRates, createCampaignBodySchema } from '@wac/contract/campaigns';
import type { Template } from '@wac/contract/templates';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { useSeveralNumbers } from '../../../../lib/business-numbers';
import { firstErrors, serverFieldErrors } from '../../../../lib/form-errors';
import { Button } from '../../../../ui/button';
import { FormAlert } from '../../../../ui/form-alert';
import { QueryStatus } from '../../../../ui/query-status';
import { TextField } from '../../../../ui/text-field';
import { useCampaignTemplates } from '../../api/campaign-templates';
import { useSaveCampaign } from '../../api/save-campaign';
import { fromComponents, noParameterValues, type ParameterValues, parameterIssues, toComponents } from './campaign-parameters';
import { retryHeldBackChange, retryHeldBackHint } from './retry-held-back';
import { sendFromOptions } from './send-from';
import { TemplateParameterFields } from './template-parameter-fields';

const fields = ['name', 'description', 'templateId', 'ratePerSecond', 'phoneNumberId', 'retryHeldBack'] as const;
type Field = (typeof fields)[number];

interface DetailsStepProps {
  /** The campaign being edited; none for a new one. */
  campaign?: Campaign;
  onSaved: (campaign: Campaign, created: boolean) => void;
}

const templateText = (template: Template) => template.components.find((c) => c.type === 'BODY')?.text ?? '';

/** Step 1: name, description, the approved template with its values, and the pace of the sending. */
export function DetailsStep({ campaign, onSaved }: DetailsStepProps) {
  const id = useId();
  const templates = useCampaignTemplates();
  const save = useSaveCampaign();
  const [name, setName] = useState(campaign?.name ?? '');
  const [description, setDescription] = useState(campaign?.description ?? '');
  const [templateId, setTemplateId] = useState(campaign?.template.id ?? 0);
  // The saved values are read back once the template list tells what the template's variables are.
  const [values, setValues] = useState<ParameterValues | null>(campaign ? null : noParameterValues());
  const [rate, setRate] = useState(String(campaign?.ratePerSecond ?? campaignRates.default));
  const numbers = useSeveralNumbers();
  // '' until chosen: the campaign's number, else the first (the server's default).
  const [from, setFrom] = useState(campaign?.phoneNumberId ?? '');
  const fromOptions = sendFromOptions(numbers, campaign?.phoneNumberId);
  const sendFrom = from || fromOptions[0]?.value || '';
  const [retryHeldBack, setRetryHeldBack] = useState(campaign?.retryHeldBack ?? false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);

  const template = templates.data?.find((t) => t.id === templateId) ?? null;
  const current = values ?? (template && campaign ? fromComponents(template, campaign.components) : noParameterValues());
  const components = useMemo(() => (template ? toComponents(template, current) : []), [template, current]);
  const issues = useMemo(() => (template ? parameterIssues(template, components) : new Map<string, string>()), [template, components]);

  if (templates.isPending || templates.isError) return <QueryStatus query={templates} loadingLabel="Loading approved templates" />;
  const noLongerApproved = campaign && campaign.template.id !== null && templateId === campaign.template.id && !template;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    setFormError(null);
    const body: CreateCampaignBody = {
      name,
      description,
      templateId: templateId || undefined,
      components,
      ratePerSecond: rate.trim() === '' ? Number.NaN : Number(rate),
      // With one number there is nothing to choose (the server sends from it), and an unchanged one needs no saving.
      ...(fromOptions.length > 0 && sendFrom && sendFrom !== campaign?.phoneNumberId ? { phoneNumberId: sendFrom } : {}),
      ...retryHeldBackChange(retryHeldBack, campaign),
    };
    const parsed = createCampaignBodySchema.safeParse(body);
    const found: Partial<Record<Field, string>> = parsed.success ? {} : firstErrors<Field>(parsed.error);
    if (!templateId) found.templateId = 'Choose an approved template';
    if (Number.isNaN(body.ratePerSecond))
      found.ratePerSecond = `ratePerSecond must be between ${campaignRates.min} and ${campaignRates.max}`;
    setErrors(found);
    if (Object.keys(found).length > 0 || issues.size > 0 || save.isPending) return;
    try {
      const saved = await save.mutateAsync(campaign ? { id: campaign._id, body } : { body });
      onSaved(saved, !campaign);
    } catch (error) {
      const server = serverFieldErrors(error, fields);
      setErrors(server.fields);
      setFormError(server.message ?? (Object.keys(server.fields).length ? null : errorMessage(error)));
    }
  }

  const issue = (field: string) => (attempted ? issues.get(field) : undefined);
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Campaign details">
      <FormAlert message={formError} />
      <div className="form-grid">
        <TextField
          label="Name"
          value={name}
          maxLength={campaignLimits.name}
          error={errors.name}
          required
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
        />
        <TextField
          label="Messages per second"
          type="number"
          min={campaignRates.min}
          max={campaignRates.max}
          step={1}
          value={rate}
          error={errors.ratePerSecond}
          hint={`From ${campaignRates.min} to ${campaignRates.max.toLocaleString('en')}. Meta's Cloud API takes up to 80 messages a second from a number by default, and up to 1,000 once Meta has raised its throughput; a lower rate spreads the sending (and the replies) out.`}
          onChange={(e) => {
            setRate(e.target.value);
            setErrors((x) => ({ ...x, ratePerSecond: undefined }));
          }}
        />
        {fromOptions.length > 0 && (
          <div className={`field${errors.phoneNumberId ? ' field-invalid' : ''}`}>
            <label htmlFor={`${id}-from`}>Send from</label>
            <select
              id={`${id}-from`}
              className="input"
              value={sendFrom}
              aria-invalid={Boolean(errors.phoneNumberId)}
              aria-describedby={`${id}-from-note`}
              onChange={(e) => {
                setFrom(e.target.value);
                setErrors((x) => ({ ...x, phoneNumberId: undefined }));
              }}
            >
              {fromOptions.map((option) => (
                <option key={option.value} value={option.value} disabled={option.disabled}>
                  {option.label}
                </option>
              ))}
            </select>
            <p className={errors.phoneNumberId ? 'field-error' : 'field-hint'} id={`${id}-from-note`}>
              {errors.phoneNumberId ?? 'The business number the recipients get the template from, and reply to.'}
            </p>
          </div>
        )}
        <div className="field-wide checkbox-field campaign-retry-held">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={retryHeldBack}
              aria-invalid={Boolean(errors.retryHeldBack)}
              aria-describedby={`${id}-retry-note`}
              onChange={(e) => {
                setRetryHeldBack(e.target.checked);
                setErrors((x) => ({ ...x, retryHeldBack: undefined }));
              }}
            />
            Retry recipients Meta holds back
          </label>
          <p className={errors.retryHeldBack ? 'field-error' : 'field-hint'} id={`${id}-retry-note`}>
            {errors.retryHeldBack ?? retryHeldBackHint}
          </p>
        </div>
        <div className={`field field-wide${errors.description ? ' field-invalid' : ''}`}>
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea
            id={`${id}-description`}
            rows={2}
            maxLength={campaignLimits.description}
            value={description}
            aria-invalid={Boolean(errors.description)}
            aria-describedby={`${id}-description-note`}
            onChange={(e) => setDescription(e.target.value)}
          />
          <p className={errors.description ? 'field-error' : 'field-hint'} id={`${id}-description-note`}>
            {errors.description ?? 'Optional: what the campaign is for, seen only in the console.'}
          </p>
        </div>
      </div>

      <fieldset className="campaign-template-fields">
        <legend>Template</legend>
        <div className={`field${errors.templateId ? ' field-invalid' : ''}`}>
          <label htmlFor={`${id}-template`}>Approved template</label>
          <select
            id={`${id}-template`}
            className="input"
            value={templateId || ''}
            aria-invalid={Boolean(errors.templateId)}
            aria-describedby={errors.templateId ? `${id}-template-error` : `${id}-template-hint`}
            onChange={(e) => {
              setTemplateId(Number(e.target.value));
              setValues(noParameterValues());
              setAttempted(false);
              setErrors((x) => ({ ...x, templateId: undefined }));
            }}
          >
            <option value="">Choose a template</option>
            {templates.data.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} ({t.language})
              </option>
            ))}
          </select>
          {errors.templateId ? (
            <p className="field-error" id={`${id}-template-error`}>
              {errors.templateId}
            </p>
          ) : (
            <p className="field-hint" id={`${id}-template-hint`}>
              {templates.data.length === 0
                ? 'No template is approved yet: create one under Templates first.'
                : 'Only templates Meta approved can be sent.'}
            </p>
          )}
        </div>
        {noLongerApproved && (
          <div className="status-banner status-banner-warning" role="status">
            {campaign.template.name} ({campaign.template.language}) is no longer approved: choose another template.
          </div>
        )}
        {template && (
          <>
            <blockquote className="campaign-template-text">{templateText(template)}</blockquote>
            <TemplateParameterFields
              template={template}
              values={current}
              onChange={(patch) => setValues({ ...current, ...patch })}
              issue={issue}
            />
            <FormAlert inline message={issue('form')} />
          </>
        )}
      </fieldset>

      <div className="form-actions">
        <Button type="submit" loading={save.isPending}>
          {campaign ? 'Save and continue' : 'Save draft and continue'}
        </Button>
      </div>
    </form>
  );
}
