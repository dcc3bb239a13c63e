import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { usePageTitle } from '../../../lib/page-title';
import { takeSessionExpiredMessage } from '../../../lib/session-storage';
import { useFormFields } from '../../../lib/use-form-fields';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { AuthCard, ErrorBox } from '../components/auth-card';
import { validateLogin } from '../components/auth-validation';

const FALLBACK = 'Invalid username or password. Please try again.';

export function LoginPage() {
  usePageTitle('Login');
  const { login } = useAuth();
  const navigate = useNavigate();
  const { values, setErrors, field } = useFormFields({ username: '', password: '' });
  const [remember, setRemember] = useState(false);
  const [serverError, setServerError] = useState<string | null>(() => takeSessionExpiredMessage());
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Spec 5: a second submit while signing in is ignored.
    if (inFlight.current) return;
    const found = validateLogin(values);
    setErrors(found);
    if (found.username || found.password) return;
    inFlight.current = true;
    setSubmitting(true);
    setServerError(null);
    try {
      await login(values.username.trim(), values.password, remember);
      navigate('/', { replace: true });
    } catch (err) {
      // Spec 5's words for wrong credentials and for failures; the server's own text when it says something else
      // (throttled, email not verified).
      const specific = err instanceof ApiError && err.status !== 401 && err.status < 500;
      setServerError(specific ? errorMessage(err, FALLBACK) : FALLBACK);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to continue.">
      {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}
      <form className="stack" onSubmit={submit} noValidate>
        <TextField label="Username" {...field('username')} autoComplete="username" autoFocus />
        <TextField label="Password" {...field('password')} type="password" autoComplete="current-password" />
        <div className="row between">
          <label className="checkbox">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me
          </label>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" loading={submitting} className="btn-block">
          {submitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
