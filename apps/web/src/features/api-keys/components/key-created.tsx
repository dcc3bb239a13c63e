import type { ApiKeyCreated } from '@wac/contract/api-keys';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { SecretOnce } from '../../../ui/secret-once';
import { ApiDocsLink } from './api-docs-link';
import { sendTextCurl } from './curl-example';

/**
 * The key just created, with its secret: shown this once (the server keeps only a hash), so the page holds it in its
 * own state and nothing else does; Done replaces this page in the history, so Back does not come here again.
 */
export function KeyCreated({ created }: { created: ApiKeyCreated }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { key, secret } = created;
  return (
    <section className="card stack key-created" aria-labelledby="key-created-title">
      <h2 id="key-created-title" ref={heading} tabIndex={-1}>
        API key {key.name} created
      </h2>
      <SecretOnce label="API key" secret={secret} what="key" />
      <div className="stack">
        <h3>Try it</h3>
        <p className="muted">
          Send a text to a customer who wrote to you in the last 24 hours (outside that window WhatsApp takes only templates). The{' '}
          <ApiDocsLink /> describe every send with its answers.
          {!key.scopes.includes('send:text') && ' This key has no send:text scope, so this call is answered 403.'}
        </p>
        <pre className="code-block mono-panel">
          <code>{sendTextCurl(window.location.origin, secret)}</code>
        </pre>
      </div>
      <div className="form-actions">
        <Link className="btn btn-primary" to={`/api-keys/${key.id}`} replace>
          Done
        </Link>
      </div>
    </section>
  );
}
