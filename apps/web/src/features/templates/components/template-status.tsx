import type { Template, TemplateStatus } from '@wac/contract/templates';

const tone: Partial<Record<TemplateStatus, string>> = {
  APPROVED: 'badge-success',
  PENDING: 'badge-warning',
  IN_APPEAL: 'badge-warning',
  REJECTED: 'badge-danger',
};

/** Meta's codes (APPROVED, INVALID_FORMAT, MARKETING) read as words: 'Approved', 'Invalid format'. */
export const codeLabel = (code: string) =>
  /^[A-Z_]+$/.test(code) ? code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, ' ') : code;

/**
 * The review state: green once approved, yellow while Meta reviews, red with the reason when
 * rejected, grey and 'Not usable' for anything that cannot be sent (paused, disabled…).
 */
export function TemplateStatusBadge({ template }: { template: Pick<Template, 'status' | 'rejectedReason' | 'usable'> }) {
  const { status, rejectedReason, usable } = template;
  const reason = rejectedReason ? codeLabel(rejectedReason) : null;
  return (
    <span className="template-status">
      <span className={`badge ${tone[status] ?? 'badge-muted'}`} title={reason ?? undefined} data-status={status}>
        {codeLabel(status)}
      </span>
      {!usable && !tone[status] && <span className="badge badge-muted">Not usable</span>}
      {reason && (
        <details className="template-reason">
          <summary>Why?</summary>
          <p>{reason}</p>
        </details>
      )}
    </span>
  );
}
