import { describe, expect, it } from 'vitest';
import { filterFromSearch, filterNotice, searchWithFilter } from './dashboard-filter';

const metrics = ['agentId', 'phoneNumberId', 'campaignId'] as const;
const params = (query: string) => new URLSearchParams(query);

describe('filterFromSearch', () => {
  it('reads the filter the address names among those the page offers', () => {
    expect(filterFromSearch(params('from=2026-03-02&agentId=7'), metrics)).toEqual({ name: 'agentId', value: '7' });
    expect(filterFromSearch(params('phoneNumberId=100000000000001'), metrics)).toEqual({ name: 'phoneNumberId', value: '100000000000001' });
    expect(filterFromSearch(params('from=2026-03-02'), metrics)).toBeNull();
  });

  it('ignores a filter the page does not offer, and a malformed one', () => {
    expect(filterFromSearch(params('flowId=3'), metrics)).toBeNull();
    for (const id of ['0', '-2', 'abc', '1.5', '99999999999', '2147483648', '']) {
      expect(filterFromSearch(params(`agentId=${id}`), metrics)).toBeNull();
    }
    expect(filterFromSearch(params('phoneNumberId=%20'), metrics)).toBeNull();
    expect(filterFromSearch(params('agentId=2147483647'), metrics)).toEqual({ name: 'agentId', value: '2147483647' });
  });

  it('reads one filter at a time: the first the page offers, as a hand-edited address might name two', () => {
    expect(filterFromSearch(params('campaignId=4&agentId=7'), metrics)).toEqual({ name: 'agentId', value: '7' });
    expect(filterFromSearch(params('campaignId=4&agentId=x'), metrics)).toEqual({ name: 'campaignId', value: '4' });
  });
});

describe('searchWithFilter', () => {
  it('writes the filter beside the range, dropping any other filter', () => {
    const next = searchWithFilter(params('from=2026-03-02&to=2026-03-08&interval=day&agentId=7'), { name: 'campaignId', value: '4' });
    expect(next.toString()).toBe('from=2026-03-02&to=2026-03-08&interval=day&campaignId=4');
  });

  it('clears every filter and keeps the range when none is chosen', () => {
    expect(searchWithFilter(params('from=2026-03-02&flowId=3&agentId=7'), null).toString()).toBe('from=2026-03-02');
  });

  it('reads back what it wrote', () => {
    const filter = { name: 'phoneNumberId', value: '100000000000001' } as const;
    expect(filterFromSearch(searchWithFilter(params('interval=week'), filter), metrics)).toEqual(filter);
  });
});

describe('filterNotice', () => {
  it('says plainly which filter the figures are not kept by, and how to see them', () => {
    expect(filterNotice({ name: 'agentId', value: '7' }, [])).toBe(
      'These figures are not kept per agent. Choose “All agents” to see them.',
    );
    expect(filterNotice({ name: 'phoneNumberId', value: '1' }, ['agentId'])).toBe(
      'These figures are not kept per phone number. Choose “All phone numbers” to see them.',
    );
  });

  it('says nothing when the figures take the filter, or with none', () => {
    expect(filterNotice({ name: 'campaignId', value: '4' }, ['campaignId'])).toBeNull();
    expect(filterNotice(null, [])).toBeNull();
  });
});
