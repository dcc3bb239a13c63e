import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';

/**
 * Takes the composer's place once the 24-hour window is closed: only an approved template may
 * reopen the conversation. The templates feature will put its picker behind this button.
 */
export function TemplatePrompt({ phone }: { phone: string }) {
  const navigate = useNavigate();
  return (
    <div className="template-prompt" role="status">
      <p>The 24-hour window is closed. Send a template to reopen the conversation.</p>
      <Button onClick={() => navigate(`/templates/send?phone=${encodeURIComponent(phone)}`)}>Send a template</Button>
    </div>
  );
}
