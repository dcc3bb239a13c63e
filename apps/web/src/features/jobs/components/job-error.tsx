import { errorHeadline } from './job-labels';

/** A failure's error: its first line, and the whole text (a query, a stack) folded under it when there is more. */
export function JobError({ error }: { error: string }) {
  const headline = errorHeadline(error);
  if (headline === '') return <span className="muted">No error text</span>;
  if (headline === error.trim()) return <span className="job-error">{headline}</span>;
  return (
    <details className="job-error">
      <summary>{headline}</summary>
      <pre className="mono small">{error}</pre>
    </details>
  );
}
