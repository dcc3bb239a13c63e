import type { LicenceErrorPayload } from '@wac/contract/licence-errors';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { subscribeLicenceErrors } from '../lib/licence-events';
import { LICENCE_REDIRECT_MS, type LicenceToast, licenceReaction } from '../lib/licence-reaction';
import { sessionKeys } from '../lib/session-storage';
import { FeatureModal, QuotaModal } from './licence-modals';
import { useToast } from './toasts';

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/** Spec 4 "Licence error handling" for every answer the api client saw: modals, toasts and the redirect after 2 s. */
export function LicenceErrorDialogs() {
  const [quota, setQuota] = useState<LicenceErrorPayload | null>(null);
  const [feature, setFeature] = useState<LicenceErrorPayload | null>(null);
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    const go = (url: string) => (isExternal(url) ? window.location.assign(url) : navigate(url));
    const open = (url: string) => (isExternal(url) ? window.open(url, '_blank', 'noopener') : navigate(url));
    const show = ({ action, ...rest }: LicenceToast) =>
      toast.show({ ...rest, ...(action ? { action: { label: action.label, onClick: () => open(action.url) } } : {}) });
    const timers: ReturnType<typeof setTimeout>[] = [];
    const unsubscribe = subscribeLicenceErrors(({ payload, modalsSuppressed }) => {
      const reaction = licenceReaction(payload, { modalsSuppressed, isAdmin: localStorage.getItem(sessionKeys.role) === 'admin' });
      if (reaction.kind === 'quota-modal') setQuota(reaction.payload);
      else if (reaction.kind === 'feature-modal') setFeature(reaction.payload);
      else {
        show(reaction.toast);
        const target = reaction.redirectTo;
        if (target) timers.push(setTimeout(() => go(target), LICENCE_REDIRECT_MS));
      }
    });
    return () => {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [navigate, toast]);

  return (
    <>
      <QuotaModal payload={quota} onClose={() => setQuota(null)} />
      <FeatureModal payload={feature} onClose={() => setFeature(null)} />
    </>
  );
}
