import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { type FailNextRequest, useFailNext } from '../api/fail-next';
import { failNextBody, failureCodeLabel, failureCodes } from './fail-next-options';

/** Admins rehearse failures: the next sends to any customer fail with the chosen Graph error. */
export function FailNextControl() {
  const id = useId();
  const failNext = useFailNext();
  const [code, setCode] = useState<number>(failureCodes[0]);
  const [count, setCount] = useState(1);
  const [via, setVia] = useState<FailNextRequest['via']>('response');

  function submit(event: FormEvent) {
    event.preventDefault();
    failNext.mutate(failNextBody({ code, count, via }));
  }

  return (
    <form className="stack" onSubmit={submit} aria-label="Fail next send">
      <div className="field">
        <label htmlFor={`${id}-code`}>Error code</label>
        <select id={`${id}-code`} className="input" value={code} onChange={(e) => setCode(Number(e.target.value))}>
          {failureCodes.map((c) => (
            <option key={c} value={c}>
              {failureCodeLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <div className="form-grid sim-fail-grid">
        <div className="field">
          <label htmlFor={`${id}-count`}>Sends to fail</label>
          <input
            id={`${id}-count`}
            className="input"
            type="number"
            min={1}
            max={1000}
            value={count}
            onChange={(e) => setCount(Math.min(1000, Math.max(1, Math.trunc(Number(e.target.value)) || 1)))}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-via`}>Fail via</label>
          <select id={`${id}-via`} className="input" value={via} onChange={(e) => setVia(e.target.value as FailNextRequest['via'])}>
            <option value="response">The send response</option>
            <option value="status">A failed status webhook</option>
          </select>
        </div>
      </div>
      <div className="row">
        <Button type="submit" variant="danger" loading={failNext.isPending}>
          Fail next send
        </Button>
        <span role="status" className={failNext.isError ? 'text-danger' : 'muted'}>
          {failNext.isError
            ? errorMessage(failNext.error)
            : failNext.isSuccess
              ? `The next ${failNext.data.queued === 1 ? 'send fails' : `${failNext.data.queued} sends fail`} with ${failNext.variables.code}.`
              : ''}
        </span>
      </div>
    </form>
  );
}
