import type { Campaign } from '@wac/contract/campaigns';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../../lib/api-client';
import { useAppSettings } from '../../../../lib/app-settings';
import { formatDateTime } from '../../../../lib/format-date';
import { shownByLicenceDialogs } from '../../../../lib/request-with-fallback';
import { Button } from '../../../../ui/button';
import { FormAlert } from '../../../../ui/form-alert';
import { useToast } from '../../../../ui/toasts';
import { statusActionText, useCampaignAction, useScheduleCampaign } from '../../api/campaign-actions';
import { StartCampaignDialog } from '../start-campaign-dialog';
import { isoToZonedTime, zonedTimeToIso, zoneOffsetLabel } from './schedule-time';

const failureOf = (error: unknown, fallback: string) => (shownByLicenceDialogs(error) ? null : errorMessage(error, fallback));

/** Step 4: start the saved campaign now, or schedule it for a time in the app's timezone (sent as ISO with its offset). */
export function ScheduleStep({ campaign }: { campaign: Campaign }) {
  const id = useId();
  const zone = useAppSettings()['app.timezone'];
  const navigate = useNavigate();
  const toast = useToast();
  const action = useCampaignAction();
  const schedule = useScheduleCampaign();
  const [when, setWhen] = useState(campaign.scheduleTime ? isoToZonedTime(campaign.scheduleTime, zone) : '');
  const [whenError, setWhenError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const allowed = new Set<string>(campaign.actions);
  const recipients = campaign.counts.total;
  const goToCampaign = () => navigate(`/campaigns/${campaign._id}`);
  function submitSchedule(e: FormEvent) {
    e.preventDefault();
    const scheduleTime = zonedTimeToIso(when, zone);
    if (!scheduleTime) return setWhenError('Choose a date and a time');
    if (new Date(scheduleTime).getTime() <= Date.now()) return setWhenError('Choose a time in the future');
    setWhenError(null);
    schedule.mutate(
      { id: campaign._id, scheduleTime },
      {
        onSuccess: () => {
          toast.show({ type: 'success', title: 'Campaign scheduled', help: `It starts on ${formatDateTime(scheduleTime)} (${zone}).` });
          goToCampaign();
        },
      },
    );
  }

  return (
    <div className="stack">
      <p>
        <strong>{campaign.name}</strong> sends <span className="mono">{campaign.template.name}</span> to {recipients.toLocaleString('en')}{' '}
        {recipients === 1 ? 'contact' : 'contacts'}, at most {campaign.ratePerSecond} a second.
      </p>
      {campaign.status === 'scheduled' && campaign.scheduleTime && (
        <div className="status-banner status-banner-info row between">
          <span>
            Scheduled for {formatDateTime(campaign.scheduleTime)} ({zone}).
          </span>
          {allowed.has('cancel-schedule') && (
            <Button
              variant="secondary"
              loading={action.isPending && action.variables?.action === 'cancel-schedule'}
              onClick={() => action.mutate({ id: campaign._id, action: 'cancel-schedule' })}
            >
              {statusActionText['cancel-schedule'].label}
            </Button>
          )}
        </div>
      )}
      <div className="grid-2">
        <section className="campaign-send-option" aria-labelledby={`${id}-now`}>
          <h3 id={`${id}-now`}>Start now</h3>
          <p className="muted">Sending begins at once; you can pause or cancel it from the campaign’s page.</p>
          <Button disabled={!allowed.has('start') || recipients === 0} onClick={() => setStarting(true)}>
            Start now
          </Button>
          <StartCampaignDialog campaign={campaign} open={starting} onClose={() => setStarting(false)} onStarted={goToCampaign} />
          {recipients === 0 && <p className="field-hint">Add contacts first.</p>}
        </section>
        <form className="campaign-send-option" aria-labelledby={`${id}-later`} onSubmit={submitSchedule} noValidate>
          <h3 id={`${id}-later`}>Schedule</h3>
          <div className={`field${whenError ? ' field-invalid' : ''}`}>
            <label htmlFor={`${id}-when`}>Date and time</label>
            <input
              id={`${id}-when`}
              className="input"
              type="datetime-local"
              value={when}
              aria-invalid={Boolean(whenError)}
              aria-describedby={`${id}-when-note`}
              onChange={(e) => {
                setWhen(e.target.value);
                setWhenError(null);
              }}
            />
            <p className={whenError ? 'field-error' : 'field-hint'} id={`${id}-when-note`}>
              {whenError ?? `In the app's timezone: ${zone} (${zoneOffsetLabel(zone)}).`}
            </p>
          </div>
          <Button type="submit" variant="secondary" disabled={!allowed.has('schedule')} loading={schedule.isPending}>
            {campaign.status === 'scheduled' ? 'Change schedule' : 'Schedule'}
          </Button>
        </form>
      </div>
      <FormAlert message={action.isError ? failureOf(action.error, statusActionText['cancel-schedule'].failure) : null} />
      <FormAlert message={schedule.isError ? failureOf(schedule.error, 'Failed to schedule campaign') : null} />
    </div>
  );
}
