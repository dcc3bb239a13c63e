import { toE164Digits } from '@wac/contract/whatsapp-phone';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { useBusinessNumbers } from '../../../lib/business-numbers';
import { useChannelStatus } from '../../../lib/channel-status';
import { QueryStatus } from '../../../ui/query-status';
import { useSimulatorConversation } from '../api/get-conversation';
import { useSandboxNumbers } from '../api/list-numbers';
import { type CustomerMessage, type SimulatedCustomer, useSendAsCustomer, useSendFileAsCustomer } from '../api/send-as-customer';
import { CustomerComposer } from '../components/customer-composer';
import { chattingAs, usernameError } from '../components/customer-identity';
import { CustomerPicker } from '../components/customer-picker';
import { FailNextControl } from '../components/fail-next-control';
import { MarketingPreferenceControl } from '../components/marketing-preference-control';
import { PhoneThread } from '../components/phone-thread';
import { rememberCustomer, rememberedCustomer } from '../components/remembered-customer';
import { chosenNumber, writeToOptions } from '../components/write-to';
import { WriteToSelect } from '../components/write-to-select';
import './simulator-page.css';

const LIVE_MODE_NOTICE = 'The simulator works only while the console uses the built-in sandbox.';

export function SimulatorPage() {
  const channel = useChannelStatus();
  if (channel.isPending || channel.isError) return <QueryStatus query={channel} loadingLabel="Loading the channel" />;
  if (channel.data.mode !== 'sandbox') {
    return (
      <div className="page">
        <div className="card empty-state">
          <h2>{LIVE_MODE_NOTICE}</h2>
          <p className="muted">This console sends through the real WhatsApp Cloud API, so customers write from their own phones.</p>
        </div>
      </div>
    );
  }
  return <Simulator />;
}

function Simulator() {
  const { user } = useAuth();
  const [played, setCustomer] = useState<SimulatedCustomer>(rememberedCustomer);
  const sandboxNumbers = useSandboxNumbers().data ?? [];
  const listed = useBusinessNumbers().data ?? [];
  const writeTo = writeToOptions(sandboxNumbers, listed);
  const customer: SimulatedCustomer = { ...played, number: chosenNumber(played.number, sandboxNumbers) };
  const business = writeTo.find((option) => option.value === (customer.number || writeTo[0]?.value));
  const phone = toE164Digits(customer.phone);
  const conversation = useSimulatorConversation(phone, customer.number);
  const send = useSendAsCustomer();
  const sendFile = useSendFileAsCustomer();
  const phoneError = customer.phone.trim() && !phone ? 'Enter the number in international format, e.g. +44 7700 900123' : undefined;
  const failure = send.error ?? sendFile.error;
  // The username's own field says what is wrong with it; nothing goes until it is fixed.
  const cannotSend = phone === null ? 'Enter the customer’s number first' : usernameError(customer) ? 'Fix the username first' : null;

  const sent = (onSent?: () => void) => () => {
    rememberCustomer(customer);
    onSent?.();
  };
  // Only the latest attempt's error is shown.
  const sendMessage = (message: CustomerMessage, onSent?: () => void) => {
    if (cannotSend) return;
    sendFile.reset();
    send.mutate({ customer, message }, { onSuccess: sent(onSent) });
  };
  const sendFileMessage = (file: File, caption: string, onSent: () => void) => {
    send.reset();
    sendFile.mutate({ customer, file, caption }, { onSuccess: sent(onSent) });
  };

  return (
    <div className="page simulator-page">
      <p className="muted">
        Play a customer writing to your WhatsApp numbers. Agents see these messages in Chat, and what they send appears on this phone.
      </p>
      <div className="sim-layout">
        <div className="stack">
          <section className="card" aria-labelledby="sim-customer-title">
            <h2 id="sim-customer-title">Customer</h2>
            <div className="stack">
              {writeTo.length > 1 && (
                <WriteToSelect
                  options={writeTo}
                  value={customer.number ?? ''}
                  onChange={(number) => setCustomer({ ...customer, number })}
                />
              )}
              <CustomerPicker customer={customer} phoneError={phoneError} onChange={setCustomer} />
              {/* A new customer or number starts without the last one's confirmation. */}
              <MarketingPreferenceControl key={`${phone}:${customer.number}`} phone={phone} number={customer.number} />
            </div>
          </section>
          {user?.role === 'admin' && (
            <section className="card" aria-labelledby="sim-fail-title">
              <h2 id="sim-fail-title">Fail next send</h2>
              <p className="muted small">The sandbox answers the next sends of the business with this WhatsApp error.</p>
              <FailNextControl />
            </section>
          )}
        </div>

        <section className="sim-phone" aria-label="Customer's phone">
          <header className="sim-phone-header">
            <span className="sim-avatar" aria-hidden="true">
              B
            </span>
            <div>
              <strong>Your business{writeTo.length > 1 && business ? ` · ${business.label}` : ''}</strong>
              {/* Always in the page, so only a change is announced, not each poll. */}
              <span className="small sim-typing" aria-live="polite">
                {phone && conversation.data?.businessTyping ? 'typing…' : ''}
              </span>
              <span className="small">{phone ? chattingAs(customer, phone) : 'Enter a customer number to start'}</span>
            </div>
          </header>
          {phone === null ? (
            <div className="sim-thread sim-thread-empty">
              <p className="muted">Pick a recent customer or type a number in international format.</p>
            </div>
          ) : conversation.data ? (
            <PhoneThread
              messages={conversation.data.messages}
              onReply={(reply) => sendMessage(reply)}
              replying={send.isPending || cannotSend !== null}
            />
          ) : (
            // Once the chat shows, a failed poll keeps it on screen; the next poll catches up.
            <div className="sim-thread">
              <QueryStatus query={conversation} loadingLabel="Loading the chat" />
            </div>
          )}
          {failure && (
            <p className="sim-error" role="alert">
              {errorMessage(failure, 'The message could not be sent')}
            </p>
          )}
          <CustomerComposer
            disabledReason={cannotSend}
            sending={send.isPending || sendFile.isPending}
            onSendText={(text, onSent) => sendMessage({ type: 'text', text }, onSent)}
            onSendFile={sendFileMessage}
          />
        </section>
      </div>
    </div>
  );
}
