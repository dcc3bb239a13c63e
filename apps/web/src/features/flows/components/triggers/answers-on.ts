/** What the "Answers on" boxes mean: none ticked is every number; keywords, the default and the new-conversation flow count per number. */
export function answersOnHint(ticked: number): string {
  return ticked === 0
    ? 'None ticked: the flow answers customers of every number.'
    : 'Only customers writing to the ticked numbers reach this flow; its triggers count on those numbers alone.';
}
