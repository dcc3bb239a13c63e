import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { codeLabel, TemplateStatusBadge } from './template-status';

afterEach(cleanup);

describe('TemplateStatusBadge', () => {
  it('shows approved in green and pending in yellow, with nothing more', () => {
    render(<TemplateStatusBadge template={{ status: 'APPROVED', rejectedReason: null, usable: true }} />);
    expect(screen.getByText('Approved').className).toContain('badge-success');
    cleanup();
    render(<TemplateStatusBadge template={{ status: 'PENDING', rejectedReason: null, usable: false }} />);
    expect(screen.getByText('Pending').className).toContain('badge-warning');
    expect(screen.queryByText('Not usable')).toBeNull();
  });

  it('shows a rejection in red with Meta’s reason on hover and behind “Why?”', () => {
    render(<TemplateStatusBadge template={{ status: 'REJECTED', rejectedReason: 'INVALID_FORMAT', usable: false }} />);
    const badge = screen.getByText('Rejected');
    expect(badge.className).toContain('badge-danger');
    expect(badge.getAttribute('title')).toBe('Invalid format');
    expect(screen.getByText('Why?').closest('details')?.textContent).toContain('Invalid format');
    expect(screen.queryByText('Not usable')).toBeNull();
  });

  it('marks paused and disabled templates grey and not usable', () => {
    for (const status of ['PAUSED', 'DISABLED'] as const) {
      render(<TemplateStatusBadge template={{ status, rejectedReason: null, usable: false }} />);
      expect(screen.getByText(codeLabel(status)).className).toContain('badge-muted');
      expect(screen.getByText('Not usable')).toBeTruthy();
      cleanup();
    }
  });

  it('reads Meta’s codes as words and leaves other text alone', () => {
    expect(codeLabel('IN_APPEAL')).toBe('In appeal');
    expect(codeLabel('MARKETING')).toBe('Marketing');
    expect(codeLabel('FIRST_PAUSE: Low quality')).toBe('FIRST_PAUSE: Low quality');
  });
});
