import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { defaultRange, rangeError } from '../../../lib/date-range';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Button } from '../../../ui/button';
import { DateRangeFields } from '../../../ui/date-range-fields';
import { FormAlert } from '../../../ui/form-alert';
import { Pager } from '../../../ui/pager';
import { QueryStatus } from '../../../ui/query-status';
import { Spinner } from '../../../ui/spinner';
import { useExportConversationReport } from '../api/export-conversation-report';
import { type ReportFilters, useConversationReport } from '../api/get-conversation-report';
import { useReportAgents } from '../api/list-report-agents';
import { ReportFilter } from '../components/report-filter';
import { ReportTable } from '../components/report-table';
import { ReportTotals } from '../components/report-totals';
import { readReportUrl, writeReportUrl } from '../components/report-url';
import './conversation-report-page.css';

const PAGE_SIZE = 25;

const stateOptions = [
  { value: 'bot', label: 'Bot' },
  { value: 'agent', label: 'Agent' },
  { value: 'ended', label: 'Ended' },
] as const;
const sentimentOptions = [{ value: 'negative', label: 'With negative messages' }] as const;

/** The holders to filter by, and the one in the address even when it holds nothing now. */
function useAgentOptions(selected: string) {
  const agents = useReportAgents().data?.agents ?? [];
  const options = agents.map((a) => ({ value: String(a.id), label: a.username }));
  return selected && !options.some((o) => o.value === selected) ? [...options, { value: selected, label: `Agent #${selected}` }] : options;
}

export function ConversationReportPage() {
  const zone = useAppSettings()['app.timezone'];
  const fallback = useMemo(() => defaultRange(new Date(), zone), [zone]);
  const [params, setParams] = useSearchParams();
  const { filters, page } = readReportUrl(params, fallback);
  const update = (changes: Partial<ReportFilters> & { page?: number }) => setParams(writeReportUrl(filters, changes), { replace: true });

  // The search box follows typing; the address (and the report) follow once typing pauses.
  const [search, setSearch] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(search, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new pause in typing writes the address.
  useEffect(() => {
    if (debouncedSearch !== filters.search) update({ search: debouncedSearch });
  }, [debouncedSearch]);

  const invalid = rangeError(filters.startDate, filters.endDate);
  const report = useConversationReport(filters, page, PAGE_SIZE, invalid === null);
  const exporter = useExportConversationReport();
  const agentOptions = useAgentOptions(filters.agentId);
  const pagination = report.data?.pagination;
  const rows = report.data?.rows ?? [];
  const narrowed = Boolean(filters.search.trim() || filters.agentId || filters.sessionState || filters.sentiment);

  return (
    <div className="page report-page">
      <div className="card">
        <div className="toolbar report-toolbar">
          <DateRangeFields range={filters} onChange={(patch) => update(patch)} />
          <div className="field report-search">
            <label htmlFor="report-search">Search</label>
            <input
              id="report-search"
              className="input"
              type="search"
              placeholder="Name or phone"
              maxLength={100}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <ReportFilter
            label="Agent"
            allLabel="All agents"
            value={filters.agentId}
            options={agentOptions}
            onChange={(agentId) => update({ agentId })}
          />
          <ReportFilter
            label="State"
            allLabel="All states"
            value={filters.sessionState}
            options={stateOptions}
            onChange={(sessionState) => update({ sessionState })}
          />
          <ReportFilter
            label="Sentiment"
            allLabel="Any sentiment"
            value={filters.sentiment}
            options={sentimentOptions}
            onChange={(sentiment) => update({ sentiment })}
          />
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
            <p>{narrowed ? 'No conversations match these filters in these dates.' : 'No conversations in these dates.'}</p>
          </div>
        ) : (
          <ReportTable rows={rows} />
        )}
        {pagination && !invalid && (
          <Pager
            label="Report pages"
            page={pagination.page}
            limit={pagination.limit}
            total={pagination.total}
            onPage={(p) => update({ page: p })}
          />
        )}
      </div>
    </div>
  );
}
