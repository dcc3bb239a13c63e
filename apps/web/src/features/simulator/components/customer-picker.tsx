import { formatE164 } from '@wac/contract/whatsapp-phone';
import { useId } from 'react';
import { formatRelativeTime } from '../../../lib/format-date';
import { TextField } from '../../../ui/text-field';
import { useSimulatorCustomers } from '../api/list-customers';
import { type SimulatedCustomer, typedUsername } from '../api/send-as-customer';
import { customerOfRecent, recentCustomerDetails, usernameError } from './customer-identity';

interface CustomerPickerProps {
  customer: SimulatedCustomer;
  phoneError?: string;
  onChange: (customer: SimulatedCustomer) => void;
}

/**
 * Who the person plays: a number in international format, the name WhatsApp shows and, optionally, a username behind
 * which the number can be hidden; or a customer seen before.
 */
export function CustomerPicker({ customer, phoneError, onChange }: CustomerPickerProps) {
  const customers = useSimulatorCustomers();
  const recent = customers.data?.customers ?? [];
  const hideHintId = useId();
  const hasUsername = typedUsername(customer) !== '';
  return (
    <div className="stack">
      <TextField
        label="Customer phone"
        type="tel"
        placeholder="+44 7700 900123"
        autoComplete="off"
        value={customer.phone}
        error={phoneError}
        hint="International format, with the country code"
        onChange={(e) => onChange({ ...customer, phone: e.target.value })}
      />
      <TextField
        label="Customer name"
        placeholder="Priya Shah"
        autoComplete="off"
        maxLength={100}
        value={customer.name}
        onChange={(e) => onChange({ ...customer, name: e.target.value })}
      />
      <TextField
        label="Username"
        placeholder="priya.shah"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={36}
        value={customer.username}
        error={usernameError(customer)}
        hint="Optional: the WhatsApp username the customer adopted"
        onChange={(e) => {
          const username = e.target.value;
          // With the username gone the box cannot stay ticked: only a customer with a username can hide their number.
          onChange({ ...customer, username, hideNumber: customer.hideNumber && username.trim() !== '' });
        }}
      />
      <div className="checkbox-field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={customer.hideNumber && hasUsername}
            disabled={!hasUsername}
            aria-describedby={hideHintId}
            onChange={(e) => onChange({ ...customer, hideNumber: e.target.checked })}
          />
          Hide my number from the business
        </label>
        <p className="field-hint" id={hideHintId}>
          Needs a username: the business then sees only the username, not the number.
        </p>
      </div>
      {recent.length > 0 && (
        <nav aria-label="Recent customers">
          <h3 className="sim-subtitle">Recent customers</h3>
          <ul className="sim-customers">
            {recent.map((c) => (
              <li key={c.phone}>
                <button type="button" onClick={() => onChange({ ...customerOfRecent(c), number: customer.number })}>
                  <strong>{c.name ?? formatE164(c.phone)}</strong>
                  <span className="muted small">{[...recentCustomerDetails(c), formatRelativeTime(c.lastActivityAt)].join(' · ')}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
