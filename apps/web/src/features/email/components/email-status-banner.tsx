import type { EmailStatus } from '../api/get-email-status';

/** The product's words for where mail goes now. */
export function transportSentence(status: Pick<EmailStatus, 'transport'>): string {
  switch (status.transport) {
    case 'settings':
      return 'Sending through the SMTP server saved here';
    case 'environment':
      return 'Sending through SMTP_URL';
    default:
      return 'No SMTP configured: mail is kept in the outbox below';
  }
}

export function EmailStatusBanner({ status }: { status: EmailStatus }) {
  const tone = status.configured ? 'success' : 'warning';
  return (
    <div className={`status-banner status-banner-${tone} email-status`} role="status">
      <span className={`badge badge-${tone}`}>{status.configured ? 'Sending' : 'Outbox only'}</span>
      <div>
        <strong>{transportSentence(status)}</strong>
        <div className="muted email-status-detail">
          {status.host ? `Server ${status.host}. ` : ''}
          From {status.from}.{' '}
          {status.requireVerification
            ? 'New users must verify their email before signing in.'
            : 'Email verification is not required to sign in.'}
        </div>
      </div>
    </div>
  );
}
