import type { ReactNode } from 'react';

/**
 * An error announced when it appears, nothing while there is none: about a whole form (boxed), or `inline` as one
 * line under a toolbar or a group of fields.
 */
export function FormAlert({ message, inline = false }: { message: ReactNode; inline?: boolean }) {
  if (!message) return null;
  const Tag = inline ? 'p' : 'div';
  return (
    <Tag className={inline ? 'field-error' : 'form-alert'} role="alert">
      {message}
    </Tag>
  );
}
