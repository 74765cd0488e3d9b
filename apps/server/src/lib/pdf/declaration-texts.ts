/**
 * Texts of the declaración responsable per language: apps/server/src/locales/<lng>/declaration.json
 * (decision 063). The Spanish one is the legally binding text; the others are its translations.
 * To add a language, add its declaration.json (same keys as es; the type check below fails on a
 * missing one) and one line to DECLARATION_TEXTS.
 */
import { DEFAULT_LANGUAGE, matchLanguage, type Language } from '@hospes/shared/languages';
import ar from '../../locales/ar/declaration.json';
import ca from '../../locales/ca/declaration.json';
import de from '../../locales/de/declaration.json';
import en from '../../locales/en/declaration.json';
import es from '../../locales/es/declaration.json';
import eu from '../../locales/eu/declaration.json';
import fr from '../../locales/fr/declaration.json';
import gl from '../../locales/gl/declaration.json';
import it from '../../locales/it/declaration.json';
import ja from '../../locales/ja/declaration.json';
import ko from '../../locales/ko/declaration.json';
import pt from '../../locales/pt/declaration.json';
import ru from '../../locales/ru/declaration.json';
import uk from '../../locales/uk/declaration.json';
import va from '../../locales/va/declaration.json';
import zh from '../../locales/zh/declaration.json';

export type DeclarationTexts = typeof es;

export const DECLARATION_TEXTS: Record<Language, DeclarationTexts> = {
  ar,
  ca,
  de,
  en,
  es,
  eu,
  fr,
  gl,
  it,
  ja,
  ko,
  pt,
  ru,
  uk,
  va,
  zh,
};

/** The texts for a language tag (`fr`, `fr-FR`…); es when there are none. */
export function declarationTexts(language: string | null | undefined): {
  language: Language;
  texts: DeclarationTexts;
} {
  const lng = matchLanguage(language) ?? DEFAULT_LANGUAGE;
  return { language: lng, texts: DECLARATION_TEXTS[lng] };
}
