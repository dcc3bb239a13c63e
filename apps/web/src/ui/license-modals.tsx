import type { LicenseErrorPayload } from '@wac/contract/license-errors';
import { useRef } from 'react';
import { featureModalText, quotaModalText, upgradeAction } from '../lib/license-reaction';
import { Button } from './button';
import { Modal } from './modal';
import { QuotaBar } from './quota-bar';
import './license.css';

interface LicenseModalProps {
  payload: LicenseErrorPayload | null;
  onClose: () => void;
}

/** The last payload shown, so the text stays while the modal fades out. */
function useShown(payload: LicenseErrorPayload | null): LicenseErrorPayload | null {
  const last = useRef(payload);
  if (payload) last.current = payload;
  return last.current;
}

function UpgradeFooter({ payload, onClose }: { payload: LicenseErrorPayload; onClose: () => void }) {
  const upgrade = upgradeAction(payload);
  return (
    <>
      <Button variant="ghost" onClick={onClose}>
        Continue with Current Plan
      </Button>
      {upgrade && (
        <Button
          variant="primary"
          onClick={() => {
            window.open(upgrade.url, '_blank', 'noopener,noreferrer');
            onClose();
          }}
        >
          {upgrade.label}
        </Button>
      )}
    </>
  );
}

/** Spec 8's quota modal: which quota, how much was asked for and how much is left. */
export function QuotaModal({ payload: current, onClose }: LicenseModalProps) {
  const payload = useShown(current);
  const text = payload ? quotaModalText(payload) : null;
  return (
    <Modal
      open={current !== null}
      onClose={onClose}
      title={text?.title ?? ''}
      size="sm"
      footer={payload && <UpgradeFooter payload={payload} onClose={onClose} />}
    >
      {payload && text && (
        <div className="licence-dialog">
          <p className="licence-dialog-lead">{text.message}</p>
          <p>{text.attempt}</p>
          {payload.quota && (
            <>
              <QuotaBar record={payload.quota} label={text.title} />
              <p className="muted small">{text.usage}</p>
            </>
          )}
          {payload.help && <p className="muted">{payload.help}</p>}
        </div>
      )}
    </Modal>
  );
}

/** Spec 8's upgrade modal for a feature the plan does not include. */
export function FeatureModal({ payload: current, onClose }: LicenseModalProps) {
  const payload = useShown(current);
  const text = payload ? featureModalText(payload) : null;
  return (
    <Modal
      open={current !== null}
      onClose={onClose}
      title="Feature Not Available"
      size="sm"
      footer={payload && <UpgradeFooter payload={payload} onClose={onClose} />}
    >
      {payload && text && (
        <div className="licence-dialog">
          <p className="licence-dialog-lead">{text.message}</p>
          {text.feature && (
            <p>
              <strong>{text.feature}</strong> is not included in your plan.
            </p>
          )}
          {text.plans && <p className="muted">{text.plans}</p>}
        </div>
      )}
    </Modal>
  );
}
