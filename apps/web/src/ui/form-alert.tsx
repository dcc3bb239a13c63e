import type { ReactNode } from 'react';

/** An error about a whole form (not one of its fields), announced when it appears; nothing while there is none. */
export function FormAlert({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert">
      {message}
    </div>
  );
}

/** A one-line error under a toolbar or a group of fields, announced when it appears; nothing while there is none. */
export function InlineError({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <p className="field-error" role="alert">
      {message}
    </p>
  );
}
