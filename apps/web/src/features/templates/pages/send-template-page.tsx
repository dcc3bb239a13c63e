import { useSearchParams } from 'react-router';
import { TemplateSendForm } from '../components/send/template-send-form';
import { useTemplateLiveUpdates } from '../components/use-template-live-updates';

/** /templates/send?template={id}&phone={number}: both optional, to start from a template or a customer. */
export function SendTemplatePage() {
  const [params] = useSearchParams();
  useTemplateLiveUpdates();
  const templateId = Number(params.get('template')) || undefined;
  return (
    <div className="page templates-page">
      <div className="card">
        <TemplateSendForm initialTemplateId={templateId} initialRecipients={params.get('phone') ?? ''} />
      </div>
    </div>
  );
}
