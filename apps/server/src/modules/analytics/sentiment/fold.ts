/** Lower case without accents, so "Não", "nao" and "NÃO" are one word: customers often type without accents. */
export function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
