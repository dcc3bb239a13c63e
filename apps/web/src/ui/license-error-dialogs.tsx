import type { LicenseErrorPayload } from '@wac/contract/license-errors';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { subscribeLicenseErrors } from '../lib/license-events';
import { LICENSE_REDIRECT_MS, type LicenseToast, licenseReaction } from '../lib/license-reaction';
import { sessionKeys } from '../lib/session-storage';
import { FeatureModal, QuotaModal } from './license-modals';
import { useToast } from './toasts';

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/** Spec 4 "Licence error handling" for every answer the api client saw: modals, toasts and the redirect after 2 s. */
export function LicenseErrorDialogs() {
  const [quota, setQuota] = useState<LicenseErrorPayload | null>(null);
  const [feature, setFeature] = useState<LicenseErrorPayload | null>(null);
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    const go = (url: string) => (isExternal(url) ? window.location.assign(url) : navigate(url));
    const open = (url: string) => (isExternal(url) ? window.open(url, '_blank', 'noopener') : navigate(url));
    const show = ({ action, ...rest }: LicenseToast) =>
      toast.show({ ...rest, ...(action ? { action: { label: action.label, onClick: () => open(action.url) } } : {}) });
    const timers: ReturnType<typeof setTimeout>[] = [];
    const unsubscribe = subscribeLicenseErrors(({ payload, modalsSuppressed }) => {
      const reaction = licenseReaction(payload, { modalsSuppressed, isAdmin: localStorage.getItem(sessionKeys.role) === 'admin' });
      if (reaction.kind === 'none') return;
      if (reaction.kind === 'quota-modal') setQuota(reaction.payload);
      else if (reaction.kind === 'feature-modal') setFeature(reaction.payload);
      else {
        show(reaction.toast);
        const target = reaction.redirectTo;
        if (target) timers.push(setTimeout(() => go(target), LICENSE_REDIRECT_MS));
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
