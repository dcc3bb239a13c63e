import { editableTemplateStatuses, type Template } from '@wac/contract/templates';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { Button } from '../../../ui/button';
import { DataTable, RowActions } from '../../../ui/data-table';
import { codeLabel, TemplateStatusBadge } from './template-status';

interface TemplatesTableProps {
  templates: Template[];
  isAdmin: boolean;
  onDelete: (template: Template) => void;
}

const canEdit = (t: Template) => t.supported && editableTemplateStatuses.includes(t.status);

export function TemplatesTable({ templates, isAdmin, onDelete }: TemplatesTableProps) {
  return (
    <DataTable className="templates-table" columns={['Name', 'Category', 'Language', 'Status', 'Updated']} actions>
      {templates.map((t) => (
        <tr key={t.id} data-template={t.name}>
          <td>
            <strong className="mono">{t.name}</strong>
            {!t.supported && <div className="small muted">Uses parts this console does not support</div>}
          </td>
          <td>
            {codeLabel(t.category)}
            {t.previousCategory && <div className="small muted">was {codeLabel(t.previousCategory).toLowerCase()}</div>}
            {t.comingCategory && (
              <div className="small">
                <strong>Becomes {codeLabel(t.comingCategory.category).toLowerCase()}</strong> on {formatDateTime(t.comingCategory.at)}
              </div>
            )}
          </td>
          <td className="mono">{t.language}</td>
          <td>
            <TemplateStatusBadge template={t} />
          </td>
          <td className="muted">{formatDateTime(t.statusUpdatedAt)}</td>
          <RowActions className="templates-actions">
            {t.usable && t.supported && (
              <Link className="btn btn-ghost btn-small" to={`/templates/send?template=${t.id}`} aria-label={`Send ${t.name}`}>
                Send
              </Link>
            )}
            {isAdmin && canEdit(t) && (
              <Link className="btn btn-ghost btn-small" to={`/templates/edit/${t.id}`} aria-label={`Edit ${t.name}`}>
                Edit
              </Link>
            )}
            {isAdmin && (
              <Button variant="ghost" className="btn-small text-danger" onClick={() => onDelete(t)} aria-label={`Delete ${t.name}`}>
                Delete
              </Button>
            )}
          </RowActions>
        </tr>
      ))}
    </DataTable>
  );
}
