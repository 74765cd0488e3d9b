import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { REGISTER_RETENTION_YEARS, SCAN_COUNTRIES, TRIAL_DAYS } from '../constants';
import { FaqList, PageIntro, Section, SectionHeading } from './blocks';
import { FeatureGrid } from './feature-grid';
import type { FeatureKey } from './feature-icons';
import { PageHead } from './page-head';
import { asList } from '../text';

const GROUPS: Array<{ key: 'register' | 'compliance' | 'management'; features: FeatureKey[] }> = [
  { key: 'register', features: ['scan', 'checkin', 'signature'] },
  { key: 'compliance', features: ['ses', 'reports', 'export'] },
  { key: 'management', features: ['establishments', 'privacy'] },
];

/** The id of the "how it works" guide: the header's "Guide" entry links here. */
export const GUIDE_ID = 'how-it-works';

type Steps = Array<{ title: string; text: string }>;

/** Features, the step-by-step guide, what is planned but not built yet, and the FAQ. */
export function FeaturesPage() {
  const { t } = useTranslation('marketing');
  const values = { years: REGISTER_RETENTION_YEARS, countries: SCAN_COUNTRIES, days: TRIAL_DAYS };
  const steps = asList<Steps[number]>(
    t('features.howItWorks.steps', { returnObjects: true, ...values }),
  );
  return (
    <>
      <PageHead
        page="features"
        title={t('meta.features.title')}
        description={t('meta.features.description')}
      />
      <PageIntro title={t('features.title')} intro={t('features.intro')} />

      {GROUPS.map((group, index) => (
        <Section
          key={group.key}
          labelledBy={`features-${group.key}`}
          tone={index % 2 === 1 ? 'surface' : 'plain'}
        >
          <SectionHeading id={`features-${group.key}`} title={t(`features.groups.${group.key}`)} />
          <FeatureGrid keys={group.features} />
        </Section>
      ))}

      <Section id={GUIDE_ID} labelledBy="features-guide" tone="accent">
        <SectionHeading
          id="features-guide"
          title={t('features.howItWorks.title')}
          intro={t('features.howItWorks.intro')}
        />
        <ol className="grid gap-4 md:grid-cols-5">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-line bg-surface p-5">
              <span
                aria-hidden="true"
                className="inline-flex size-9 items-center justify-center rounded-full bg-primary font-bold text-primary-fg"
              >
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold text-fg">{step.title}</h3>
              <p className="mt-1 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section labelledBy="features-planned">
        <SectionHeading
          id="features-planned"
          title={t('features.planned.title')}
          intro={t('features.planned.intro')}
        />
        <ul className="grid gap-3 sm:grid-cols-2">
          {asList<string>(t('features.planned.items', { returnObjects: true })).map((item) => (
            <li
              key={item}
              className="rounded-xl border border-dashed border-control bg-surface px-4 py-3 text-fg"
            >
              {item}
            </li>
          ))}
        </ul>
        <ButtonLink to={`${paths.contact}?type=sales`} variant="secondary" className="mt-6">
          {t('features.planned.cta')}
        </ButtonLink>
      </Section>

      <Section labelledBy="features-faq" tone="surface">
        <SectionHeading id="features-faq" title={t('features.faq.title')} />
        <FaqList
          items={asList<{ q: string; a: string }>(
            t('faq.features', { returnObjects: true, ...values }),
          )}
        />
      </Section>

      <Section labelledBy="features-cta">
        <div className="text-center">
          <h2 id="features-cta" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
            {t('features.cta.title')}
          </h2>
          <p className="mt-3 text-lg text-muted">{t('features.cta.text', values)}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.register}>{t('features.cta.primary')}</ButtonLink>
            <ButtonLink to={paths.pricing} variant="secondary">
              {t('features.cta.secondary')}
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
