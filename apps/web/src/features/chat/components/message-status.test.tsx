import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusTick, tickLabel } from './message-status';

afterEach(cleanup);

describe('status ticks', () => {
  it('names every outbound status and none for received messages', () => {
    expect(tickLabel('pending')).toBe('Pending');
    expect(tickLabel('sent')).toBe('Sent');
    expect(tickLabel('delivered')).toBe('Delivered');
    expect(tickLabel('read')).toBe('Read');
    expect(tickLabel('failed')).toBe('Failed');
    expect(tickLabel('received')).toBeNull();
  });

  it('shows one tick for sent, two for delivered and read (read coloured), and a labelled image for each', () => {
    const { container } = render(
      <>
        <StatusTick status="sent" />
        <StatusTick status="delivered" />
        <StatusTick status="read" />
        <StatusTick status="pending" />
        <StatusTick status="failed" />
        <StatusTick status="received" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Sent' }).textContent).toBe('✓');
    expect(screen.getByRole('img', { name: 'Delivered' }).textContent).toBe('✓✓');
    const read = screen.getByRole('img', { name: 'Read' });
    expect(read.textContent).toBe('✓✓');
    expect(read.className).toContain('status-read');
    expect(screen.getByRole('img', { name: 'Pending' }).querySelector('svg')).not.toBeNull();
    expect(screen.getByTitle('Failed').className).toContain('status-failed');
    expect(container.querySelectorAll('.status-tick')).toHaveLength(5);
  });
});
