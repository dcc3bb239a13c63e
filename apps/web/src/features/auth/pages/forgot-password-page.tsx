import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { AuthCard, ErrorBox } from '../components/auth-card';
import { validateEmail } from '../components/auth-validation';

export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateEmail(email);
    setError(found);
    if (found || submitting) return;
    setSubmitting(true);
    setServerError(null);
    try {
      await apiRequest('/api/auth/forgot-password', { method: 'POST', body: { email: email.trim() }, skipSessionExpiry: true });
      setSent(true);
    } catch (err) {
      setServerError(errorMessage(err, 'Failed to send reset email. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <AuthCard title="Check your email" subtitle={`If an account exists for ${email.trim()}, we have sent a link to reset its password.`}>
        <p className="muted">The link expires in 1 hour. Didn't get it? Check your spam folder or try again.</p>
        <Link to="/login" className="btn btn-secondary btn-block">
          Back to sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password" subtitle="Enter your email and we'll send you a link to reset your password.">
      {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
          error={error}
        />
        <Button type="submit" loading={submitting} className="btn-block">
          Send reset link
        </Button>
        <Link to="/login" className="center">
          Back to sign in
        </Link>
      </form>
    </AuthCard>
  );
}
