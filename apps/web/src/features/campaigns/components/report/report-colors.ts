/**
 * Series colours; legends and labels write names in them, so each reaches 4.5:1 on white (WCAG AA for text). Read is
 * purple rather than a second green, so delivered and read stay apart for colour-blind readers.
 */
export const seriesColors = {
  total: '#5d6874',
  sent: '#2b6cb0',
  delivered: '#0f756a',
  read: '#6b46c1',
  failed: '#c82828',
  unknown: '#975a16',
} as const;

/** Labels drawn on the charts, in the text colour. */
export const labelColor = '#1f2a33';
export const gridColor = '#e2e6ea';
