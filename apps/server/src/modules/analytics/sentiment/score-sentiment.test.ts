import { describe, expect, it } from 'vitest';
import { negativeWordsOf, scoreSentiment } from './score-sentiment.ts';

describe('scoreSentiment', () => {
  it.each([
    ['Thank you so much, the delivery was great!', 'positive', 'en'],
    ['This is the worst service, my order arrived broken', 'negative', 'en'],
    ['What time do you open on Saturday?', 'neutral', 'en'],
    ['Muchas gracias, excelente atención', 'positive', 'es'],
    ['Pésimo servicio, el pedido llegó roto', 'negative', 'es'],
    ['¿Cuál es el horario del sábado?', 'neutral', 'es'],
    ['Muito obrigado, adorei o atendimento', 'positive', 'pt'],
    ['Péssimo atendimento, o pedido chegou quebrado', 'negative', 'pt'],
    ['Qual o horário de funcionamento?', 'neutral', 'pt'],
  ] as const)('reads %s as %s in %s', (text, label, language) => {
    const sentiment = scoreSentiment(text);
    expect(sentiment.label).toBe(label);
    expect(sentiment.language).toBe(language);
  });

  it.each([
    ['The product is good', 'The product is not good'],
    ['El producto es bueno', 'El producto no es bueno'],
    ['Gostei do produto', 'Não gostei do produto'],
  ])('turns "%s" negative when negated: "%s"', (plain, negated) => {
    expect(scoreSentiment(plain).label).toBe('positive');
    expect(scoreSentiment(negated).label).toBe('negative');
  });

  it('reads "not bad" as mildly positive and a "no" before a comma as no negation', () => {
    expect(scoreSentiment('not bad at all').label).toBe('positive');
    expect(scoreSentiment('No, gracias').label).toBe('positive');
  });

  it('scores emoji alone, and lets them tip a plain message', () => {
    expect(scoreSentiment('😍😍').label).toBe('positive');
    expect(scoreSentiment('😡👎').label).toBe('negative');
    expect(scoreSentiment('Ok 👍').label).toBe('positive');
    expect(scoreSentiment('😍').language).toBe('other');
  });

  it('strengthens with intensifiers in each language', () => {
    expect(scoreSentiment('very good').score).toBeGreaterThan(scoreSentiment('good').score);
    expect(scoreSentiment('muy bueno').score).toBeGreaterThan(scoreSentiment('bueno').score);
    expect(scoreSentiment('muito bom').score).toBeGreaterThan(scoreSentiment('bom').score);
  });

  it('weighs the clause after "but", "pero" and "mas" over the one before', () => {
    expect(scoreSentiment('The food was good but the service was terrible').label).toBe('negative');
    expect(scoreSentiment('Tardó un poco pero el producto es excelente').label).toBe('positive');
    expect(scoreSentiment('O produto é bom, mas a entrega foi péssima').label).toBe('negative');
  });

  it('keeps the score between -1 and 1 and reads empty text as neutral', () => {
    expect(scoreSentiment('great great great great great amazing wonderful!!!!').score).toBeLessThanOrEqual(1);
    expect(scoreSentiment('')).toEqual({ label: 'neutral', score: 0, language: 'other' });
  });
});

describe('negativeWordsOf', () => {
  it.each([
    ['The delivery was late again 😡', ['late', '😡']],
    ['Not helpful at all, terrible service', ['not helpful', 'terrible']],
    ['El producto no es bueno, llegó roto', ['no es bueno', 'roto']],
    ['O atendimento foi péssimo', ['pessimo']],
    ['Thank you, all good', []],
    ['not bad at all', []],
  ])('finds what pulls "%s" down: %j', (text, words) => {
    expect(negativeWordsOf(text)).toEqual(words);
  });
});
