/**
 * The "Report" tab's content. Reports (delivery summary, batch and failure analysis) come from the report endpoints
 * and are built separately: their charts replace this note.
 */
export function CampaignReportTab() {
  return (
    <p className="muted">The campaign’s report (deliveries over time, failures by reason, batches) will show here once it is available.</p>
  );
}
