/**
 * Texts of the registration PDF per language: apps/server/src/locales/<lng>/pdf.json. To add a
 * language, add its pdf.json (same keys as es; the type check below fails on a missing one) and
 * one line to PDF_TEXTS. Languages without a file fall back to es.
 */
import { DEFAULT_LANGUAGE, matchLanguage, type Language } from '@hospes/shared/languages';
import ar from '../../locales/ar/pdf.json';
import ca from '../../locales/ca/pdf.json';
import de from '../../locales/de/pdf.json';
import en from '../../locales/en/pdf.json';
import es from '../../locales/es/pdf.json';
import eu from '../../locales/eu/pdf.json';
import fr from '../../locales/fr/pdf.json';
import gl from '../../locales/gl/pdf.json';
import it from '../../locales/it/pdf.json';
import ja from '../../locales/ja/pdf.json';
import ko from '../../locales/ko/pdf.json';
import pt from '../../locales/pt/pdf.json';
import ru from '../../locales/ru/pdf.json';
import uk from '../../locales/uk/pdf.json';
import va from '../../locales/va/pdf.json';
import zh from '../../locales/zh/pdf.json';

export type PdfTexts = typeof es;

export const PDF_TEXTS: Partial<Record<Language, PdfTexts>> = {
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
export function pdfTexts(language: string): { language: Language; texts: PdfTexts } {
  const lng = matchLanguage(language);
  const texts = lng ? PDF_TEXTS[lng] : undefined;
  return texts && lng ? { language: lng, texts } : { language: DEFAULT_LANGUAGE, texts: es };
}
