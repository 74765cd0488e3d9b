import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/lib/i18n';
import { ANNUAL_DISCOUNT_PERCENT, REGISTER_RETENTION_YEARS, TRIAL_DAYS } from '../constants';
import { formatPrice, quote } from '../pricing';
import { CheckList, FaqList, Section, SectionHeading } from './blocks';
import { FeatureGrid } from './feature-grid';
import type { FeatureKey } from './feature-icons';
import { PageHead } from './page-head';
import { LandingFooter } from './site-links';
import { Testimonials } from './testimonials';
import { asList } from '../text';

const LANDING_FEATURES: FeatureKey[] = ['scan', 'checkin', 'signature', 'reports', 'ses', 'export'];

type Faq = Array<{ q: string; a: string }>;

/** A drawing of a registration: a document, its machine-readable lines, a signature, a check. */
function HeroArt() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 320 240"
      className="mx-auto w-full max-w-sm text-primary"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="20" y="30" width="220" height="140" rx="14" className="fill-surface" />
      <circle cx="70" cy="85" r="22" />
      <path d="M48 125c6-14 38-14 44 0" />
      <path d="M110 70h100M110 90h80M110 110h60" strokeWidth="5" className="text-muted" />
      <path d="M40 145h180M40 157h180" strokeDasharray="4 6" className="text-muted" />
      <rect x="150" y="150" width="150" height="70" rx="12" className="fill-surface" />
      <path d="M165 198c10-20 18-30 22-22s-6 24 2 22 10-16 18-16 4 14 12 14 8-6 14-6" />
      <circle cx="270" cy="48" r="30" className="fill-success-soft text-success" />
      <path d="M256 48l10 10 18-20" className="text-success" strokeWidth="5" />
    </svg>
  );
}

/**
 * The public home (spec §2): hero, features, pricing summary, testimonials (only real ones, when
 * configured), FAQ, call to action and its own footer.
 */
export function LandingPage() {
  const { t } = useTranslation('marketing');
  const lng = currentLanguage();
  const monthly = quote('monthly');
  const faqValues = {
    days: TRIAL_DAYS,
    years: REGISTER_RETENTION_YEARS,
  };

  return (
    <>
      <PageHead
        page="landing"
        title={t('meta.landing.title')}
        description={t('meta.landing.description', { days: TRIAL_DAYS })}
      />

      <div className="border-b border-line bg-surface px-4 py-12 sm:py-20 nav:px-6">
        <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">
              {t('landing.hero.eyebrow')}
            </p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-fg sm:text-5xl">
              {t('landing.hero.title')}
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-muted">{t('landing.hero.text')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to={paths.register}>
                {t('landing.hero.primary', { days: TRIAL_DAYS })}
              </ButtonLink>
              <ButtonLink to={paths.pricing} variant="secondary">
                {t('landing.hero.secondary')}
              </ButtonLink>
            </div>
            <p className="mt-4 text-sm text-muted">{t('landing.hero.note')}</p>
            <p className="mt-6 text-sm font-medium text-fg">{t('landing.hero.legal')}</p>
          </div>
          <HeroArt />
        </div>
      </div>

      <Section labelledBy="landing-features-title">
        <SectionHeading
          id="landing-features-title"
          title={t('landing.features.title')}
          intro={t('landing.features.intro')}
        />
        <FeatureGrid keys={LANDING_FEATURES} />
        <p className="mt-6">
          <TextLink to={paths.features}>{t('landing.features.more')}</TextLink>
        </p>
      </Section>

      <Section labelledBy="landing-pricing-title" tone="accent">
        <div className="grid items-center gap-8 md:grid-cols-2">
          <div>
            <h2
              id="landing-pricing-title"
              className="text-2xl font-bold tracking-tight text-fg sm:text-3xl"
            >
              {t('landing.pricing.title')}
            </h2>
            <p className="mt-3 text-xl text-fg">
              {t('landing.pricing.text', { price: formatPrice(monthly.chargeCents, lng) })}
            </p>
            <ButtonLink to={paths.pricing} className="mt-6">
              {t('landing.pricing.cta')}
            </ButtonLink>
          </div>
          <CheckList
            className="text-lg"
            items={asList<string>(
              t('landing.pricing.points', {
                returnObjects: true,
                days: TRIAL_DAYS,
                discount: ANNUAL_DISCOUNT_PERCENT,
              }),
            )}
          />
        </div>
      </Section>

      <Testimonials />

      <Section labelledBy="landing-faq-title">
        <SectionHeading id="landing-faq-title" title={t('landing.faq.title')} />
        <FaqList
          items={asList<Faq[number]>(t('faq.landing', { returnObjects: true, ...faqValues }))}
        />
        <p className="mt-6 text-fg">
          {t('landing.faq.more')}{' '}
          <TextLink to={paths.contact}>{t('landing.faq.moreLink')}</TextLink>
        </p>
      </Section>

      <Section labelledBy="landing-cta-title" tone="surface">
        <div className="text-center">
          <h2
            id="landing-cta-title"
            className="text-2xl font-bold tracking-tight text-fg sm:text-3xl"
          >
            {t('landing.cta.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-muted">{t('landing.cta.text')}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.register}>{t('landing.cta.primary')}</ButtonLink>
            <ButtonLink to={paths.contact} variant="secondary">
              {t('landing.cta.secondary')}
            </ButtonLink>
          </div>
        </div>
      </Section>

      <LandingFooter />
    </>
  );
}
