import type { TemplateForm } from './template-form';

/** What each part of the editor gets: the form, a way to change it, and the messages to show under its fields. */
export interface EditorPartProps {
  form: TemplateForm;
  change: (patch: Partial<TemplateForm>, field: string) => void;
  /** The message for a field (an issueKey), once it has been typed in or everything is shown. */
  issue: (field: string) => string | undefined;
}
