import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../api/get-public-config';
import { Section, SectionHeading } from './blocks';

/**
 * Quotes the operator configured (TESTIMONIALS_FILE). With none, or while they load, or if they
 * cannot be loaded, the section is simply not there: no invented people, no empty frame.
 */
export function Testimonials() {
  const { t } = useTranslation('marketing');
  const { data } = usePublicConfig();
  const quotes = data?.testimonials ?? [];
  if (quotes.length === 0) return null;
  return (
    <Section labelledBy="testimonials-title" tone="surface">
      <SectionHeading id="testimonials-title" title={t('landing.testimonials.title')} centered />
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {quotes.map((quote) => (
          <li key={`${quote.author}-${quote.quote.slice(0, 24)}`}>
            <figure className="flex h-full flex-col rounded-2xl border border-line bg-canvas p-6">
              <blockquote lang={quote.lang} className="flex-1 text-lg text-fg">
                <p>“{quote.quote}”</p>
              </blockquote>
              <figcaption className="mt-4 text-sm text-muted">
                <span className="font-semibold text-fg">{quote.author}</span>
                {quote.place && <span>, {quote.place}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
