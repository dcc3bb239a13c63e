import { templateSlots } from '@wac/contract/template-parameters';
import type { MediaReference, SendComponent } from '@wac/contract/templates';
import { type SendableTemplate, sendComponentsFor, sendIssuesOf } from '../../../../lib/template-send-components';

/** What a person fills in to send a template: each variable's value and the header media. */
export interface SendValues {
  headerText: string;
  /** A media header comes from an upload (POST /api/templates/upload-file) or from a public link. */
  mediaSource: 'upload' | 'link';
  uploadId: string;
  uploadName: string;
  mediaLink: string;
  /** By variable as written: '1', 'first_name'. */
  body: Record<string, string>;
  /** By the button's position among the template's buttons. */
  buttons: Record<number, string>;
}

export const emptySendValues = (): SendValues => ({
  headerText: '',
  mediaSource: 'upload',
  uploadId: '',
  uploadName: '',
  mediaLink: '',
  body: {},
  buttons: {},
});

/** The file the values name for a media header: the upload, or the link. */
function headerMedia(values: SendValues): MediaReference {
  if (values.mediaSource === 'upload') return values.uploadId ? { uploadId: values.uploadId } : {};
  return values.mediaLink.trim() ? { link: values.mediaLink.trim() } : {};
}

/** The components of POST /api/send-template, in Meta's shape, for the values filled in. */
export function toSendComponents(template: SendableTemplate, values: SendValues): SendComponent[] {
  return sendComponentsFor(template, {
    headerText: values.headerText,
    headerMedia: headerMedia(values),
    body: values.body,
    buttons: values.buttons,
  });
}

/** For the preview: a value not filled in yet shows as its variable, as in the editor. */
export function withPlaceholders(template: SendableTemplate, values: SendValues): SendValues {
  const slots = templateSlots(template.components, template.category);
  const headerText = values.headerText || (slots.header?.kind === 'text' ? `{{${slots.header.variable}}}` : '');
  const body = Object.fromEntries(slots.body.map((v) => [v, values.body[v] || `{{${v}}}`]));
  return { ...values, headerText, body };
}

/** What must change before the template can be sent, by form field, as the server would say it. */
export const sendIssuesByField = (template: SendableTemplate, components: readonly SendComponent[]) =>
  sendIssuesOf(template, components, 'upload a file or give a link to one');
