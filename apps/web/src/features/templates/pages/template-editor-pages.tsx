import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useAuth } from '../../../lib/auth-context';
import { QueryStatus } from '../../../ui/query-status';
import { useTemplate } from '../api/get-template';
import { TemplateEditor } from '../components/editor/template-editor';
import { emptyForm, formOf } from '../components/editor/template-form';

/** The route is open to everyone (spec 2); the server takes templates from admins only, so others are told so here. */
function AdminsOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role === 'admin') return <>{children}</>;
  return (
    <div className="card empty-state">
      <p>Only admins create and edit templates. Approved templates can be sent from Send template.</p>
    </div>
  );
}

export function CreateTemplatePage() {
  return (
    <div className="page templates-page">
      <AdminsOnly>
        <TemplateEditor initial={emptyForm()} />
      </AdminsOnly>
    </div>
  );
}

export function EditTemplatePage() {
  const id = Number(useParams().id);
  const template = useTemplate(id);
  return (
    <div className="page templates-page">
      <AdminsOnly>
        {template.data ? (
          <TemplateEditor key={template.data.id} initial={formOf(template.data)} existing={template.data} />
        ) : (
          <div className="card">
            {Number.isInteger(id) && id > 0 ? (
              <QueryStatus query={template} loadingLabel="Loading the template" />
            ) : (
              <p className="empty-state">There is no such template.</p>
            )}
          </div>
        )}
      </AdminsOnly>
    </div>
  );
}
