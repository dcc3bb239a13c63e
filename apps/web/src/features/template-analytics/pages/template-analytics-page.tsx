import { type TemplateAnalyticsInterval, templateAnalyticsIntervals } from '@wac/contract/template-analytics';
import { messageStatuses } from '@wac/contract/whatsapp-messages';
import { useState } from 'react';
import { useDateRange } from '../../../lib/use-date-range';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { DateRangeFields } from '../../../ui/date-range-fields';
import { FilterSelect } from '../../../ui/filter-select';
import { FormAlert } from '../../../ui/form-alert';
import { IntervalSelect } from '../../../ui/interval-select';
import { Pager } from '../../../ui/pager';
import { QueryStatus } from '../../../ui/query-status';
import { SearchInput } from '../../../ui/search-input';
import { Spinner } from '../../../ui/spinner';
import { useTemplateAnalytics } from '../api/get-template-analytics';
import { type TemplateMessageFilters, useTemplateMessages } from '../api/list-template-messages';
import { TemplatesCompared, TemplatesOverTime } from '../components/template-charts';
import { TemplateMessagesTable } from '../components/template-messages-table';
import './template-analytics-page.css';

const PAGE_SIZE = 10;
const intervalLabel: Record<TemplateAnalyticsInterval, string> = { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const statusFilter = {
  label: 'Filter by status',
  allLabel: 'All statuses',
  options: messageStatuses.filter((s) => s !== 'received').map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) })),
};

export function TemplateAnalyticsPage() {
  const { range, changeRange, invalid } = useDateRange();
  const [interval, setBucketInterval] = useState<TemplateAnalyticsInterval>('daily');
  const [filters, setFilters] = useState<TemplateMessageFilters>({ templateName: '', status: '', recipient: '', sortOrder: 'desc' });
  const [page, setPage] = useState(1);
  const analytics = useTemplateAnalytics(range, interval, invalid === null);
  const typed = { templateName: useDebouncedValue(filters.templateName, 300), recipient: useDebouncedValue(filters.recipient, 300) };
  const messages = useTemplateMessages(range, { ...filters, ...typed }, page, PAGE_SIZE, invalid === null);
  const data = analytics.data;
  const totals = data?.totals;

  const filter = (patch: Partial<TemplateMessageFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  return (
    <div className="page template-analytics-page">
      <div className="card">
        <div className="toolbar">
          <DateRangeFields range={range} onChange={changeRange} />
          <IntervalSelect
            id="analytics-interval"
            value={interval}
            intervals={templateAnalyticsIntervals}
            labels={intervalLabel}
            onChange={setBucketInterval}
          />
          {analytics.isFetching && !analytics.isPending && <Spinner size="small" label="Refreshing" />}
        </div>
        <FormAlert inline message={invalid} />
      </div>

      {!invalid && (analytics.isPending || analytics.isError) && (
        <div className="card">
          <QueryStatus query={analytics} loadingLabel="Loading template analytics" />
        </div>
      )}
      {totals && !invalid && (
        <div className="stats analytics-totals">
          {(
            [
              ['Messages', totals.total],
              ['Sent', totals.sent],
              ['Delivered', totals.delivered],
              ['Read', totals.read],
              ['Failed', totals.failed],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="card stat">
              <span className="muted">{label}</span>
              <strong>{value.toLocaleString()}</strong>
            </div>
          ))}
        </div>
      )}
      {data && !invalid && data.series.length === 0 && (
        <div className="card empty-state">
          <p>No template messages were sent in these dates.</p>
        </div>
      )}
      {data && !invalid && data.series.length > 0 && (
        <div className="analytics-charts">
          <TemplatesOverTime analytics={data} />
          <TemplatesCompared analytics={data} />
        </div>
      )}

      <section className="card" aria-label="Template messages">
        <div className="card-header">
          <h2>Messages</h2>
          {messages.isFetching && !messages.isPending && <Spinner size="small" label="Refreshing" />}
        </div>
        <div className="toolbar analytics-filters">
          <SearchInput
            label="Filter by template name"
            placeholder="Template name"
            value={filters.templateName}
            onChange={(templateName) => filter({ templateName })}
          />
          <FilterSelect {...statusFilter} value={filters.status} onChange={(status) => filter({ status })} />
          <SearchInput
            label="Filter by recipient"
            placeholder="Recipient name or phone"
            value={filters.recipient}
            onChange={(recipient) => filter({ recipient })}
          />
        </div>
        {invalid ? null : messages.isPending || messages.isError ? (
          <QueryStatus query={messages} loadingLabel="Loading template messages" />
        ) : messages.data.messages.length === 0 ? (
          <div className="empty-state">
            <p>No template messages match.</p>
          </div>
        ) : (
          <TemplateMessagesTable
            messages={messages.data.messages}
            sortOrder={filters.sortOrder}
            onSort={() => filter({ sortOrder: filters.sortOrder === 'desc' ? 'asc' : 'desc' })}
          />
        )}
        {messages.data && !invalid && (
          <Pager
            label="Template message pages"
            page={messages.data.pagination.page}
            limit={messages.data.pagination.limit}
            total={messages.data.pagination.total}
            onPage={setPage}
          />
        )}
      </section>
    </div>
  );
}
