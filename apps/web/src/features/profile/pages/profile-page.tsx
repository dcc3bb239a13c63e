import { type FormEvent, useState } from 'react';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { formatDate } from '../../../lib/format-date';
import { useFormFields } from '../../../lib/use-form-fields';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useToast } from '../../../ui/toasts';
import { validateChangePassword } from '../components/change-password-validation';
import { EmailCard } from '../components/email-card';

export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="page">
      <div className="grid-2">
        <section className="card">
          <div className="profile-identity">
            <span className="avatar avatar-large" aria-hidden="true">
              {user.username.charAt(0).toUpperCase() || 'U'}
            </span>
            <div>
              <h2>{user.username}</h2>
              <span className={`badge ${user.role === 'admin' ? 'badge-success' : 'badge-muted'} badge-role`}>{user.role}</span>
            </div>
          </div>
          <h3>Details</h3>
          <dl className="details">
            <dt>Username</dt>
            <dd>{user.username}</dd>
            <dt>Email</dt>
            <dd>{user.email ?? <span className="muted">Not set</span>}</dd>
            <dt>Email status</dt>
            <dd>
              {user.email ? (
                <span className={`badge ${user.emailVerified ? 'badge-success' : 'badge-warning'}`}>
                  {user.emailVerified ? 'Verified' : 'Not verified'}
                </span>
              ) : (
                <span className="muted">No address to verify</span>
              )}
            </dd>
            <dt>Role</dt>
            <dd className="capitalize">{user.role}</dd>
            <dt>Member since</dt>
            <dd>{formatDate(user.createdAt)}</dd>
          </dl>
        </section>
        <div className="stack">
          <EmailCard user={user} />
          <ChangePasswordCard />
        </div>
      </div>
    </div>
  );
}

function ChangePasswordCard() {
  const toast = useToast();
  const { values, setValues, setErrors, field } = useFormFields({ current: '', password: '', confirm: '' });
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateChangePassword(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || saving) return;
    setSaving(true);
    try {
      const { message } = await apiRequest<{ message: string }>('/api/change-password', {
        method: 'POST',
        body: { currentPassword: values.current, newPassword: values.password },
      });
      toast.show({ type: 'success', title: 'Password changed', help: message });
      setValues({ current: '', password: '', confirm: '' });
    } catch (err) {
      toast.show({ type: 'error', title: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card">
      <h2>Change password</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <p className="muted small">Your other sessions will be signed out when the password changes.</p>
        <TextField label="Current password" {...field('current')} name="currentPassword" type="password" autoComplete="current-password" />
        <TextField
          label="New password"
          {...field('password')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
        />
        <TextField label="Confirm new password" {...field('confirm')} name="confirmPassword" type="password" autoComplete="new-password" />
        <div>
          <Button type="submit" loading={saving}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
