import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { Spinner } from '../../../ui/spinner';
import { AuthCard } from '../components/auth-card';

export function VerifyEmailPage() {
  usePageTitle('Verify email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ status: 'working' | 'done' | 'failed'; message: string }>(
    token ? { status: 'working', message: '' } : { status: 'failed', message: 'This verification link is missing its token.' },
  );
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    apiRequest<{ message: string }>('/api/auth/verify-email', { method: 'POST', body: { token }, skipSessionExpiry: true })
      .then((r) => setState({ status: 'done', message: r.message }))
      .catch((err) => setState({ status: 'failed', message: errorMessage(err) }));
  }, [token]);

  if (state.status === 'working') {
    return (
      <AuthCard title="Verifying your email">
        <Spinner label="Verifying" />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={state.status === 'done' ? 'Email verified' : 'Verification failed'} subtitle={state.message}>
      <Link to="/login" className="btn btn-primary btn-block">
        Go to sign in
      </Link>
    </AuthCard>
  );
}
