import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { BusinessNumber } from '@wac/contract/whatsapp-numbers';
import { afterEach, describe, expect, it } from 'vitest';
import { businessNumbersQueryKey } from '../../../../lib/business-numbers';
import { businessNumber } from '../../../../lib/business-numbers.fixture';
import { ToastProvider } from '../../../../ui/toasts';
import { withSavedNumber } from '../../api/save-business-number';
import { BusinessNumbersSection } from './business-numbers-section';

afterEach(cleanup);

const first = businessNumber();
const sales = businessNumber({ id: 2, phoneNumberId: '100000000000002', displayPhoneNumber: '15550100002', name: 'Sales', first: false });

/** The list is seeded in the cache and never fetched, so the section never calls the server here. */
function renderSection(numbers: BusinessNumber[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryDefaults(businessNumbersQueryKey, { enabled: false });
  client.setQueryData(businessNumbersQueryKey, { numbers });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <BusinessNumbersSection />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('BusinessNumbersSection', () => {
  it('lists each number with what Meta said of it, and offers to disable every number but the first', () => {
    renderSection([first, { ...sales, checkedAt: null, qualityRating: null }]);
    const list = screen.getByRole('list', { name: 'WhatsApp numbers' });
    const [one, two] = within(list).getAllByRole('listitem');
    if (!one || !two) throw new Error('two numbers expected');
    expect(within(one).getByRole('heading', { name: '+15550100001' })).toBeTruthy();
    expect(within(one).getByText('First number')).toBeTruthy();
    expect(within(one).getByText('High (GREEN)')).toBeTruthy();
    expect(within(one).getByText('Standard: up to 80 messages a second')).toBeTruthy();
    expect(within(one).getByText('1,000 unique customers per 24 hours (TIER_1K), shared by all numbers')).toBeTruthy();
    expect(within(one).queryByRole('button', { name: /^Disable/ })).toBeNull();

    expect(within(two).getByRole('heading', { name: 'Sales' })).toBeTruthy();
    expect(within(two).getByText('+15550100002')).toBeTruthy();
    expect(within(two).queryByText('First number')).toBeNull();
    expect(within(two).getByText('Not known yet')).toBeTruthy();
    expect(within(two).getByText(/^Never/)).toBeTruthy();
    expect(within(two).getByRole('button', { name: 'Disable Sales (+15550100002)' })).toBeTruthy();
    expect(within(two).getByRole('button', { name: 'Check Sales (+15550100002) with Meta' })).toBeTruthy();
  });

  it('offers to enable a disabled number, and renames in place until Escape', () => {
    renderSection([first, { ...sales, enabled: false }]);
    const item = screen.getAllByRole('listitem')[1] as HTMLElement;
    expect(within(item).getByText('Disabled')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Enable Sales (+15550100002)' })).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Rename Sales (+15550100002)' }));
    const name = within(item).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Sales');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save name' }));
    expect(within(item).getByText('name must not be empty')).toBeTruthy();
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(within(item).queryByLabelText('Name')).toBeNull();
  });

  it('checks a phone-number id is digits before asking the server to add it', () => {
    renderSection([first]);
    const form = screen.getByRole('form', { name: 'Add a number' });
    fireEvent.change(within(form).getByLabelText('Phone-number id'), { target: { value: 'sales' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add number' }));
    expect(within(form).getByText(/^phoneNumberId must be the digits of a phone-number id/)).toBeTruthy();
  });

  it('says so when there is no number at all', () => {
    renderSection([]);
    expect(screen.getByText(/No WhatsApp numbers yet/)).toBeTruthy();
  });
});

describe('withSavedNumber', () => {
  it('puts a saved number in its place, and an added one last', () => {
    const data = { numbers: [first, sales] };
    expect(withSavedNumber(data, { ...sales, name: 'Sales desk' })?.numbers.map((n) => n.name)).toEqual(['+15550100001', 'Sales desk']);
    const third = businessNumber({ id: 3, phoneNumberId: '3', first: false });
    expect(withSavedNumber(data, third)?.numbers.map((n) => n.id)).toEqual([1, 2, 3]);
    expect(withSavedNumber(undefined, third)).toBeUndefined();
  });
});
