import type { LexiconLanguage } from './lexicons.ts';

/**
 * What each language's grammar lends the scorer, all as folded words: the common words that tell the language apart,
 * the words that negate what follows, the words that strengthen or soften it, and the words that open a contrast
 * ("but") after which the clause counts more than the one before.
 */
export interface LanguageRules {
  stopwords: ReadonlySet<string>;
  negators: ReadonlySet<string>;
  boosters: ReadonlyMap<string, number>;
  contrasts: ReadonlySet<string>;
}

const BOOST = 0.293;
const DAMPEN = -0.293;

function boosters(strong: string[], weak: string[]): ReadonlyMap<string, number> {
  return new Map([...strong.map((word) => [word, BOOST] as const), ...weak.map((word) => [word, DAMPEN] as const)]);
}

export const languageRules: Record<LexiconLanguage, LanguageRules> = {
  en: {
    stopwords: new Set(
      'the is are and i you it to my not of this was with for have what please hi hello can be at your that would how when where why thanks'.split(
        ' ',
      ),
    ),
    negators: new Set(
      "not no never nothing none nobody nowhere neither nor without cannot cant can't dont don't doesnt doesn't didnt didn't isnt isn't arent aren't wasnt wasn't werent weren't wont won't wouldnt wouldn't shouldnt shouldn't couldnt couldn't havent haven't hasnt hasn't hadnt hadn't aint ain't".split(
        ' ',
      ),
    ),
    boosters: boosters(
      'very really so extremely absolutely completely totally incredibly super too most more especially utterly highly truly'.split(' '),
      'slightly somewhat barely hardly kinda kind sort little bit'.split(' '),
    ),
    contrasts: new Set(['but', 'however', 'though']),
  },
  es: {
    stopwords: new Set(
      'el la los las es y en por con una muy pero estoy gracias hola yo mi lo del al que cuando hay este porque usted ustedes su como ya todavia tengo quiero'.split(
        ' ',
      ),
    ),
    negators: new Set('no nunca jamas nada ni tampoco sin nadie ningun ninguna ninguno'.split(' ')),
    boosters: boosters(
      'muy super demasiado bastante totalmente realmente tan mucho muchisimo extremadamente sumamente re'.split(' '),
      'poco algo apenas'.split(' '),
    ),
    contrasts: new Set(['pero', 'aunque', 'sino']),
  },
  pt: {
    stopwords: new Set(
      'o os as e em nao um uma com muito voce voces obrigado obrigada ola oi eu meu minha do da dos das isso esse essa pra ao ta to tudo ainda fiquei estou'.split(
        ' ',
      ),
    ),
    negators: new Set('nao nunca jamais nada nem sem ninguem nenhum nenhuma'.split(' ')),
    boosters: boosters(
      'muito super demais bastante totalmente realmente tao extremamente mega muitissimo'.split(' '),
      'pouco meio quase'.split(' '),
    ),
    contrasts: new Set(['mas', 'porem', 'contudo', 'entretanto']),
  },
};
