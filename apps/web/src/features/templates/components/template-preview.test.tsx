import { cleanup, render, screen } from '@testing-library/react';
import { renderTemplate } from '@wac/contract/template-parameters';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyForm, newButton, toDraft } from './editor/template-form';
import { TemplatePreview } from './template-preview';

afterEach(cleanup);

describe('TemplatePreview', () => {
  it('shows a draft as WhatsApp does: header, body with the examples put in, footer and buttons', () => {
    const draft = toDraft({
      ...emptyForm(),
      headerFormat: 'TEXT',
      headerText: 'Order {{1}}',
      headerExample: 'A-1001',
      body: 'Hi {{1}}, it ships on {{2}}.',
      bodyExamples: { 1: 'Ana' },
      footer: 'Lojinha',
      buttons: [
        { ...newButton('PHONE_NUMBER'), text: 'Call us', phoneNumber: '+447700900123' },
        { ...newButton('COPY_CODE'), code: 'SAVE10' },
      ],
    });
    render(<TemplatePreview rendered={renderTemplate(draft)} />);
    const preview = screen.getByRole('figure', { name: 'Preview' });
    expect(preview.querySelector('.wa-preview-title')?.textContent).toBe('Order A-1001');
    // A variable without an example yet stays visible as it was typed.
    expect(preview.querySelector('.wa-preview-body')?.textContent).toBe('Hi Ana, it ships on {{2}}.');
    expect(preview.querySelector('.wa-preview-footer')?.textContent).toBe('Lojinha');
    expect([...preview.querySelectorAll('.wa-preview-buttons li')].map((li) => li.textContent)).toEqual(['Call us', 'Copy offer code']);
  });

  it('shows the chosen file of a media header, or a placeholder naming the kind until there is one', () => {
    const rendered = renderTemplate(toDraft({ ...emptyForm(), headerFormat: 'IMAGE', body: 'New arrivals' }));
    const { rerender } = render(<TemplatePreview rendered={rendered} />);
    expect(screen.getByText('image header')).toBeTruthy();
    rerender(<TemplatePreview rendered={rendered} media={{ url: 'blob:parcel', name: 'parcel.png' }} />);
    expect(screen.getByRole('img', { name: 'parcel.png' }).getAttribute('src')).toBe('blob:parcel');
  });
});
