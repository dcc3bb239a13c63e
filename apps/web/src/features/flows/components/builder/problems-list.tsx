import type { FlowIssue } from '@wac/contract/flows';
import type { FlowProblems } from './flow-issues';

interface ProblemsListProps {
  problems: FlowProblems;
  /** Selects the node (or edge) the problem is about and moves the focus to it. */
  onShow: (issue: FlowIssue) => void;
}

/** Every error (red) and warning (amber) of the flow; one about a node or edge takes the focus there when clicked. */
export function ProblemsList({ problems, onShow }: ProblemsListProps) {
  const { errors, warnings } = problems;
  const count = errors.length + warnings.length;
  return (
    <section className="flow-problems" aria-labelledby="flow-problems-title">
      <h2 id="flow-problems-title" className="flow-panel-title">
        {count === 0
          ? 'No problems'
          : `Problems: ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}, ${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'}`}
      </h2>
      {count > 0 && (
        <ul>
          {[
            ...errors.map((issue) => ({ issue, kind: 'error' as const })),
            ...warnings.map((issue) => ({ issue, kind: 'warning' as const })),
          ].map(({ issue, kind }, index) => (
            // Two options may share a title, and so a message: the place tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: messages can repeat
            <li key={`${kind}-${index}-${issue.message}`} className={`flow-issue-${kind}`}>
              <span className="flow-issue-kind">{kind === 'error' ? 'Error' : 'Warning'}</span>
              {issue.nodeId || issue.edgeId ? (
                <button type="button" className="link-button flow-issue-link" onClick={() => onShow(issue)}>
                  {issue.message}
                </button>
              ) : (
                <span>{issue.message}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
