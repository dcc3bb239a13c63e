import type { LicenseErrorPayload } from '@wac/contract/license-errors';
import { type FeatureKey, type FeatureSet, featureKeys, featureLabels, type PlanKey, planName, requiredPlanFor } from '@wac/contract/plans';
import { useState } from 'react';
import { FeatureModal } from '../../../ui/license-modals';

/** What the console's upgrade modal says about a feature this plan lacks, without asking the server. */
function notIncluded(feature: FeatureKey, plan: PlanKey): LicenseErrorPayload {
  return {
    error: `${featureLabels[feature]} is not available on the ${planName(plan)} plan`,
    code: 'FEATURE_NOT_AVAILABLE',
    feature,
    currentPlan: plan,
    requiredPlan: requiredPlanFor(feature),
    upgradeUrl: '/settings#licence',
  };
}

export function LicenseFeatures({ features, plan }: { features: FeatureSet; plan: PlanKey }) {
  const [shown, setShown] = useState<LicenseErrorPayload | null>(null);
  return (
    <>
      <ul className="licence-features" aria-label="Features">
        {featureKeys.map((key) => (
          <li key={key} className={features[key] ? 'is-enabled' : 'is-disabled'}>
            <span aria-hidden="true">{features[key] ? '✓' : '✕'}</span>
            <span className="licence-feature-name">{featureLabels[key]}</span>
            {features[key] ? (
              <span className="badge badge-success">Included</span>
            ) : (
              <button type="button" className="link-button small" onClick={() => setShown(notIncluded(key, plan))}>
                Not included
              </button>
            )}
          </li>
        ))}
      </ul>
      <FeatureModal payload={shown} onClose={() => setShown(null)} />
    </>
  );
}
