import type { User } from '@wac/contract/auth';
import { updateOwnEmailBodySchema } from '@wac/contract/users';
import { type FormEvent, useState } from 'react';
import { ApiError, apiRequest, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { useFormFields } from '../../../lib/use-form-fields';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toasts';

/** Your own address: where password reset links go. A new one is unverified until its mailed link is followed. */
export function EmailCard({ user }: { user: User }) {
  const toast = useToast();
  const { updateUser } = useAuth();
  const { values, setErrors, field } = useFormFields({ email: user.email ?? '' });
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = updateOwnEmailBodySchema.safeParse(values);
    if (!checked.success) {
      setErrors({ email: checked.error.issues[0]?.message });
      return;
    }
    if (saving) return;
    setSaving(true);
    try {
      const answer = await apiRequest<{ user: User }>('/api/profile/email', { method: 'PUT', body: checked.data });
      updateUser(answer.user);
      toast.show({
        type: 'success',
        title: 'Email saved',
        help: answer.user.emailVerified ? undefined : `We sent a verification link to ${answer.user.email}.`,
      });
    } catch (err) {
      // A refused address (taken, malformed) belongs under the field; anything else (a licence block, a lost
      // connection) is the form's.
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) setErrors({ email: err.message });
      else toast.show({ type: 'error', title: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card">
      <h2>Email</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          {...field('email')}
          type="email"
          autoComplete="email"
          hint="Password reset links go here. A new address gets a verification link."
        />
        <div>
          <Button type="submit" loading={saving}>
            Save email
          </Button>
        </div>
      </form>
    </section>
  );
}
