import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { usePublicConfig } from '../api/get-public-config';
import { FaqList, PageIntro, Section, SectionHeading } from './blocks';
import { ContactForm, isContactType } from './contact-form';
import { PageHead } from './page-head';
import { asList } from '../text';

/** The contact page (/contacto): the form, support hours (spec §9) and the FAQ. */
export function ContactPage() {
  const { t } = useTranslation('contact');
  const [params] = useSearchParams();
  const type = params.get('type');
  const { data: config } = usePublicConfig();
  const directEmail = config?.contact.email;

  return (
    <>
      <PageHead page="contact" title={t('meta.title')} description={t('meta.description')} />
      <PageIntro title={t('title')} intro={t('intro')} />

      <Section labelledBy="contact-form-title">
        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <Card>
            <h2 id="contact-form-title" className="mb-6 text-xl font-bold text-fg">
              {t('form.title')}
            </h2>
            <ContactForm initialType={isContactType(type) ? type : 'support'} />
          </Card>
          <aside aria-labelledby="contact-hours-title" className="space-y-4">
            <div className="rounded-2xl border border-line bg-surface p-6">
              <h2 id="contact-hours-title" className="text-lg font-semibold text-fg">
                {t('hours.title')}
              </h2>
              <p className="mt-2 text-fg">{t('hours.days')}</p>
              <p className="mt-1 text-muted">{t('hours.reply')}</p>
              {directEmail && (
                <p className="mt-4 text-fg">
                  {t('hours.direct')}{' '}
                  <a
                    href={`mailto:${directEmail}`}
                    className="font-medium text-primary underline underline-offset-2 hover:no-underline"
                  >
                    {directEmail}
                  </a>
                </p>
              )}
            </div>
          </aside>
        </div>
      </Section>

      <Section labelledBy="contact-faq-title" tone="surface">
        <SectionHeading id="contact-faq-title" title={t('faq.title')} />
        <FaqList
          items={asList<{ q: string; a: string }>(t('faq.items', { returnObjects: true }))}
        />
      </Section>
    </>
  );
}
