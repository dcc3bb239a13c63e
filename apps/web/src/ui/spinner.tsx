export interface SpinnerProps {
  size?: 'small' | 'medium' | 'large';
  fullScreen?: boolean;
  label?: string;
}

export function Spinner({ size = 'medium', fullScreen = false, label }: SpinnerProps) {
  const spinner = (
    <span className={`spinner spinner-${size}`} role="status" aria-label={label ?? 'Loading'}>
      <span className="spinner-circle" />
      {label && <span className="spinner-label">{label}</span>}
    </span>
  );
  return fullScreen ? <div className="spinner-overlay">{spinner}</div> : spinner;
}
