import { newPasswordErrors, RESET_REDIRECT_MS } from '@wac/contract/password-policy';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useFormFields } from '../../../lib/use-form-fields';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { AuthCard, ErrorBox } from '../components/auth-card';
import { MISSING_RESET_TOKEN } from '../components/auth-validation';

export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { values, setErrors, field } = useFormFields({ password: '', confirm: '' });
  const [serverError, setServerError] = useState<string | null>(token ? null : MISSING_RESET_TOKEN);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token || submitting) return;
    const found = newPasswordErrors(values);
    setErrors(found);
    if (found.password || found.confirm) return;
    setSubmitting(true);
    setServerError(null);
    try {
      await apiRequest('/api/auth/reset-password', {
        method: 'POST',
        body: { token, newPassword: values.password },
        skipSessionExpiry: true,
      });
      setDone(true);
    } catch (err) {
      setServerError(errorMessage(err, 'Failed to reset password. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <AuthCard title="Password reset" subtitle="Your password has been reset. Taking you to sign in in 3 seconds...">
        <Link to="/login" className="btn btn-primary btn-block">
          Sign in now
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password. This link expires in 1 hour.">
      {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label="New password"
          {...field('password')}
          type="password"
          autoComplete="new-password"
          autoFocus
          hint="At least 6 characters."
        />
        <TextField label="Confirm password" {...field('confirm')} type="password" autoComplete="new-password" />
        <Button type="submit" loading={submitting} disabled={!token} className="btn-block">
          Reset password
        </Button>
        <Link to="/forgot-password" className="center">
          Request a new link
        </Link>
      </form>
    </AuthCard>
  );
}
