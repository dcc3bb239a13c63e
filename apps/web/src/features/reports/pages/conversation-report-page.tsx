import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { datesFromSearch } from '../../../lib/date-range';
import { useDateRange } from '../../../lib/use-date-range';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Button } from '../../../ui/button';
import { DateRangeFields } from '../../../ui/date-range-fields';
import { FormAlert } from '../../../ui/form-alert';
import { Pager } from '../../../ui/pager';
import { QueryStatus } from '../../../ui/query-status';
import { Spinner } from '../../../ui/spinner';
import { useExportConversationReport } from '../api/export-conversation-report';
import { type ReportFilters, useConversationReport } from '../api/get-conversation-report';
import { ReportTable } from '../components/report-table';
import { ReportTotals } from '../components/report-totals';
import './conversation-report-page.css';

const PAGE_SIZE = 25;

export function ConversationReportPage() {
  // A dashboard's drill-down opens the report on its period: ?startDate=&endDate=.
  const { range, changeRange, invalid } = useDateRange(datesFromSearch(useSearchParams()[0]));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const filters: ReportFilters = { ...range, search: useDebouncedValue(search, 300) };
  const report = useConversationReport(filters, page, PAGE_SIZE, invalid === null);
  const exporter = useExportConversationReport();
  const pagination = report.data?.pagination;
  const rows = report.data?.rows ?? [];

  return (
    <div className="page report-page">
      <div className="card">
        <div className="toolbar report-toolbar">
          <DateRangeFields
            range={range}
            onChange={(patch) => {
              changeRange(patch);
              setPage(1);
            }}
          />
          <div className="field report-search">
            <label htmlFor="report-search">Search</label>
            <input
              id="report-search"
              className="input"
              type="search"
              placeholder="Name or phone"
              maxLength={100}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </div>
          <Button variant="secondary" loading={exporter.isPending} disabled={invalid !== null} onClick={() => exporter.mutate(filters)}>
            Export CSV
          </Button>
          {report.isFetching && !report.isPending && <Spinner size="small" label="Refreshing" />}
        </div>
        <FormAlert inline message={invalid} />
        <FormAlert inline message={exporter.isError && errorMessage(exporter.error, 'The export failed')} />
      </div>

      <ReportTotals totals={invalid ? undefined : report.data?.totals} />

      <div className="card">
        {invalid ? (
          <div className="empty-state">
            <p>Choose a start date on or before the end date.</p>
          </div>
        ) : report.isPending || report.isError ? (
          <QueryStatus query={report} loadingLabel="Loading the report" />
        ) : rows.length === 0 ? (
          <div className="empty-state">
            <p>{filters.search.trim() ? 'No conversations match this search in these dates.' : 'No conversations in these dates.'}</p>
          </div>
        ) : (
          <ReportTable rows={rows} />
        )}
        {pagination && !invalid && (
          <Pager label="Report pages" page={pagination.page} limit={pagination.limit} total={pagination.total} onPage={setPage} />
        )}
      </div>
    </div>
  );
}
