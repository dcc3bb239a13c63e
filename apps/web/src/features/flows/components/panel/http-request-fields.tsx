import { flowLimits, httpMethods } from '@wac/contract/flows';
import { TextField } from '../../../../ui/text-field';
import type { CanvasNodeOf } from '../builder/canvas-model';
import { OptionalNumberField } from './optional-number-field';
import { type Pair, PairRows } from './pair-rows';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import type { SetNodeField } from './use-node-field';

const methodOptions = httpMethods.map((m) => ({ value: m, label: m }));

// Headers are a record in the flow; while edited they are rows, so a header being renamed keeps its place.
const headerRows = (headers: Record<string, string> | undefined): Pair[] =>
  Object.entries(headers ?? {}).map(([key, value]) => ({ key, value }));
const headerRecord = (rows: Pair[]) => Object.fromEntries(rows.map((r) => [r.key, r.value]));

export function HttpRequestFields({ node, set }: { node: CanvasNodeOf<'action'>; set: SetNodeField }) {
  const { data } = node;
  const mappings = (data.responseMapping ?? []).map((m) => ({ key: m.variable, value: m.path }));
  return (
    <>
      <div className="form-grid flow-panel-pair">
        <SelectField label="Method" value={data.method ?? 'GET'} options={methodOptions} onChange={(value) => set('method', value)} />
        <OptionalNumberField
          label="Timeout (ms)"
          min={100}
          max={flowLimits.httpTimeoutMs}
          value={data.timeoutMs}
          onChange={(value) => set('timeoutMs', value)}
        />
      </div>
      <TextField label="URL" type="url" value={data.url ?? ''} placeholder="https://" onChange={(e) => set('url', e.target.value)} />
      <PairRows
        legend="Headers"
        labels={['Header name', 'Header value']}
        rows={headerRows(data.headers)}
        max={flowLimits.headers}
        addLabel="Add header"
        onChange={(rows, group) => set('headers', rows.length ? headerRecord(rows) : undefined, group)}
      />
      {data.method && data.method !== 'GET' && (
        <TextAreaField
          label="Body"
          value={data.body ?? ''}
          onChange={(value) => set('body', value || undefined)}
          hint="{{variables}} are filled in."
        />
      )}
      <PairRows
        legend="Keep from the answer"
        labels={['Variable', 'JSON path']}
        rows={mappings}
        max={flowLimits.responseMappings}
        addLabel="Add a value to keep"
        onChange={(rows, group) =>
          set('responseMapping', rows.length ? rows.map((r) => ({ variable: r.key, path: r.value })) : undefined, group)
        }
      />
    </>
  );
}
