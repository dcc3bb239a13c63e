import type { Template } from '@wac/contract/templates';
import { useId, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { Spinner } from '../../../../ui/spinner';
import { useTemplateSearch } from '../../api/search-templates';

const PICKER_SIZE = 50;

/** The approved templates this console can send, searched by name; paused, disabled and unsupported ones are never offered. */
export function TemplatePicker({ value, onChange }: { value: Template | null; onChange: (template: Template | null) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const search = useTemplateSearch({ category: '', status: 'APPROVED', language: '', name: useDebouncedValue(name, 250) }, PICKER_SIZE, 0);
  const found = (search.data?.templates ?? []).filter((t) => t.usable && t.supported);
  // The chosen template stays listed while another search is typed.
  const options = value && !found.some((t) => t.id === value.id) ? [value, ...found] : found;
  return (
    <div className="template-picker">
      <div className="field">
        <label htmlFor={`${id}-search`}>Search templates</label>
        <input
          id={`${id}-search`}
          className="input"
          type="search"
          placeholder="Name of an approved template"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-select`}>Template</label>
        <div className="row">
          <select
            id={`${id}-select`}
            className="input"
            value={value?.id ?? ''}
            onChange={(e) => onChange(options.find((t) => t.id === Number(e.target.value)) ?? null)}
          >
            <option value="">
              {search.isPending ? 'Loading templates…' : options.length ? 'Choose a template' : 'No approved templates'}
            </option>
            {options.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} ({t.language})
              </option>
            ))}
          </select>
          {search.isFetching && <Spinner size="small" label="Searching" />}
        </div>
        {search.isError && <p className="field-error">{errorMessage(search.error, 'Failed to fetch templates')}</p>}
      </div>
    </div>
  );
}
