import { type ChangeEvent, useCallback, useState } from 'react';

type TextKey<V> = { [K in keyof V]-?: V[K] extends string ? K : never }[keyof V];

/**
 * A form's values, the message of each field that failed validation, and the form's own message (a server refusal
 * that names no field). Changing a field clears its message.
 */
export function useFormFields<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  }, []);
  /** Starts again from these values, with no messages. */
  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
    setFormError(null);
  }, []);
  /** What ties a text input to one field: its name, value, change handler and message. */
  const field = <K extends TextKey<V>>(key: K) => ({
    name: String(key),
    value: values[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value as V[K]),
    error: errors[key],
  });
  return { values, setValues, errors, setErrors, formError, setFormError, set, reset, field };
}
