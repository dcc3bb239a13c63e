import type { ReactNode } from 'react';

/** The server's OpenAPI page, which documents every key-authenticated send with examples. */
export function ApiDocsLink({ className, children = 'API docs' }: { className?: string; children?: ReactNode }) {
  return (
    <a className={className} href="/api/docs" target="_blank" rel="noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
