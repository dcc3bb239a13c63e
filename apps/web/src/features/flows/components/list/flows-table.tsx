import type { FlowSummary } from '@wac/contract/flows';
import { Link } from 'react-router';
import { numberLabelOf, useSeveralNumbers } from '../../../../lib/business-numbers';
import { formatDateTime, formatRelativeTime } from '../../../../lib/format-date';
import { DataTable } from '../../../../ui/data-table';
import { FlowRowActions } from './flow-row-actions';
import { triggersSummary } from './triggers-summary';

/** The flows of one page: name, whether active, version, last change, size and what starts them, with their actions. */
export function FlowsTable({ flows }: { flows: FlowSummary[] }) {
  const numbers = useSeveralNumbers();
  const numberLabel = numbers.length > 1 ? (id: string) => numberLabelOf(numbers, id) : undefined;
  return (
    <DataTable className="flows-table" columns={['Flow', 'Status', 'Version', 'Last modified', 'Steps', 'Triggers']} actions>
      {flows.map((flow) => {
        const triggers = triggersSummary(flow.triggers, numberLabel);
        return (
          <tr key={flow.id}>
            <td>
              <Link to={`/bot-flows/${flow.id}`}>
                <strong>{flow.name}</strong>
              </Link>
              {flow.description && <div className="small muted flows-description">{flow.description}</div>}
            </td>
            <td>
              {flow.isActive ? <span className="badge badge-success">Active</span> : <span className="badge badge-muted">Inactive</span>}
            </td>
            <td>v{flow.metadata.version}</td>
            <td>
              <time dateTime={flow.metadata.lastModified} title={formatDateTime(flow.metadata.lastModified)}>
                {formatRelativeTime(flow.metadata.lastModified)}
              </time>
            </td>
            <td>{flow.nodeCount}</td>
            <td>{triggers ?? <span className="muted">None</span>}</td>
            <td className="flows-actions-cell">
              <FlowRowActions flow={flow} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
