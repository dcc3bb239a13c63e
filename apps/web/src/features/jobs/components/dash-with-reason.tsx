/** A dash for a value there is none of, read out (and shown on hover) as the reason why. */
export function DashWithReason({ reason }: { reason: string }) {
  return (
    <span title={reason}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{reason}</span>
    </span>
  );
}
