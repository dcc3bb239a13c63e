import { formatE164 } from '@wac/contract/whatsapp-phone';
import { formatRelativeTime } from '../../../lib/format-date';
import { TextField } from '../../../ui/text-field';
import { useSimulatorCustomers } from '../api/list-customers';
import type { SimulatedCustomer } from '../api/send-as-customer';

interface CustomerPickerProps {
  customer: SimulatedCustomer;
  phoneError?: string;
  onChange: (customer: SimulatedCustomer) => void;
}

/** Who the person plays: a number in international format and the name WhatsApp shows, or a customer seen before. */
export function CustomerPicker({ customer, phoneError, onChange }: CustomerPickerProps) {
  const customers = useSimulatorCustomers();
  const recent = customers.data?.customers ?? [];
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
      {recent.length > 0 && (
        <nav aria-label="Recent customers">
          <h3 className="sim-subtitle">Recent customers</h3>
          <ul className="sim-customers">
            {recent.map((c) => (
              <li key={c.phone}>
                <button type="button" onClick={() => onChange({ phone: formatE164(c.phone), name: c.name ?? '' })}>
                  <strong>{c.name ?? formatE164(c.phone)}</strong>
                  <span className="muted small">
                    {c.name ? `${formatE164(c.phone)} · ` : ''}
                    {formatRelativeTime(c.lastActivityAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
