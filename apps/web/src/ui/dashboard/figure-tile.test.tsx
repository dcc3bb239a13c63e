import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FigureTile } from './figure-tile';

afterEach(cleanup);

describe('FigureTile', () => {
  it('writes the value and its change in words, marking a fall in response time as good news', () => {
    render(<FigureTile label="Median first response" value={90} previous={120} format={(s) => `${s} s`} lowerIsBetter />);
    expect(screen.getByText('90 s')).toBeTruthy();
    const change = screen.getByText('Down 25% on the previous period');
    expect(change.className).toContain('figure-change-good');
  });

  it('marks a fall in a count as bad news, and leaves figures of now without a change', () => {
    const { container } = render(
      <>
        <FigureTile label="Conversations" value={30} previous={40} />
        <FigureTile label="Open now" value={4} />
      </>,
    );
    expect(screen.getByText('Down 25% on the previous period').className).toContain('figure-change-bad');
    expect(container.querySelectorAll('.figure-change')).toHaveLength(1);
  });

  it('says what is not available yet instead of a number', () => {
    render(<FigureTile label="Spend" value={null} previous={null} unavailable="Not available yet" />);
    expect(screen.getByText('Not available yet')).toBeTruthy();
  });
});
