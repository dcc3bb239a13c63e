/** A wait as people read it: 45 s, 4 min, 1 h 30 min, 5 d 2 h. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** A mean sentiment score (-1..1) with its sign, as the chat's marks read it. */
export function formatScore(score: number): string {
  return `${score > 0 ? '+' : ''}${score.toFixed(2)}`;
}
