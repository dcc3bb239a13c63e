import { useBusinessNumbers } from '../../../../lib/business-numbers';
import { QueryStatus } from '../../../../ui/query-status';
import { AddBusinessNumberForm } from './add-business-number-form';
import { BusinessNumberItem } from './business-number-item';
import '../settings-item-list.css';
import './business-numbers.css';

/** Settings → WhatsApp numbers: the numbers customers write to, what Meta says of each, and adding, renaming and disabling them. */
export function BusinessNumbersSection() {
  const numbers = useBusinessNumbers();
  return (
    <div className="stack business-numbers">
      <p className="muted small">
        A conversation stays on the number the customer wrote to, and every reply in it leaves from that number. Sends that name no number
        leave from the first one.
      </p>
      {numbers.isPending || numbers.isError ? (
        <QueryStatus query={numbers} loadingLabel="Loading the WhatsApp numbers" />
      ) : numbers.data.length === 0 ? (
        <div className="empty-state">
          <p>No WhatsApp numbers yet. Add the phone-number id of one of your business's numbers below.</p>
        </div>
      ) : (
        <ul className="settings-item-list" aria-label="WhatsApp numbers">
          {numbers.data.map((number) => (
            <BusinessNumberItem key={number.id} number={number} />
          ))}
        </ul>
      )}
      <AddBusinessNumberForm />
    </div>
  );
}
