import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { PublicPageKey } from '@hospes/shared/public-site';
import { cn } from '@/components/ui/cn';
import { TextLink } from '@/components/ui/text-link';
import {
  DEVICE_COOKIE_DAYS,
  LANGUAGE_COOKIE_DAYS,
  SERVER_COOKIES,
  SESSION_HOURS_DEFAULT,
  STORAGE_KEYS,
} from '@/config/constants';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/lib/i18n';
import { usePublicConfig } from '../api/get-public-config';
import {
  ANNUAL_DISCOUNT_PERCENT,
  LIABILITY_CAP_MONTHS,
  REFUND_WINDOW_DAYS,
  REGISTER_RETENTION_YEARS,
  TRIAL_DAYS,
} from '../constants';
import { formatPrice, quote } from '../pricing';
import { PageHead } from './page-head';
import { asList } from '../text';
import { bcp47Of } from '@hospes/shared/languages';
import { AUDIT_RETENTION_YEARS, CONTACT_RETENTION_MONTHS } from '@hospes/shared/retention';

type LegalKey = 'privacy' | 'legalNotice' | 'terms' | 'cookies';
type LegalSection = { title: string; paragraphs?: string[]; items?: string[] };

const OPERATOR_FIELDS = ['name', 'address', 'nif', 'email', 'registry'] as const;
/** Registry details are only required of companies registered in one; the rest always. */
const REQUIRED_FIELDS = ['name', 'address', 'nif', 'email'] as const;

/**
 * Who runs the service, from the operator's settings. Nothing is made up: a missing detail says
 * so, and a notice tells the operator which settings to fill in.
 */
export function OperatorDetails() {
  const { t } = useTranslation('legal');
  const { data, isPending, isError } = usePublicConfig();
  if (isPending) return <p className="text-muted">{t('operator.loading')}</p>;
  if (isError) return <p className="text-fg">{t('operator.unavailable')}</p>;
  const operator = data.operator;
  const missing = REQUIRED_FIELDS.filter((field) => !operator[field]);
  const list = new Intl.ListFormat(bcp47Of(currentLanguage()), { type: 'conjunction' });
  return (
    <section
      aria-labelledby="operator-title"
      className="rounded-2xl border border-line bg-surface p-6"
    >
      <h2 id="operator-title" className="text-xl font-semibold text-fg">
        {t('operator.title')}
      </h2>
      {missing.length > 0 && (
        <div
          className="mt-4 rounded-lg border-s-4 border-danger bg-danger-soft px-4 py-3 text-sm text-fg"
          data-testid="operator-notice"
        >
          <p className="font-semibold">{t('operator.notice.title')}</p>
          <p className="mt-1">
            {t('operator.notice.text', {
              missing: list.format(missing.map((field) => t(`operator.${field}`))),
            })}
          </p>
          <p className="mt-1">{t('operator.notice.admin')}</p>
        </div>
      )}
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {OPERATOR_FIELDS.filter((field) => field !== 'registry' || operator.registry).map(
          (field) => {
            const value = operator[field];
            return (
              <div key={field} className="contents">
                <dt className="font-semibold text-fg">{t(`operator.${field}`)}</dt>
                <dd className={cn(value ? 'text-fg' : 'italic text-muted')}>
                  {!value ? (
                    t('operator.missing')
                  ) : field === 'email' ? (
                    <a
                      href={`mailto:${value}`}
                      className="font-medium text-primary underline underline-offset-2 hover:no-underline"
                    >
                      {value}
                    </a>
                  ) : (
                    value
                  )}
                </dd>
              </div>
            );
          },
        )}
      </dl>
    </section>
  );
}

const LEGAL_LINKS: Array<{ key: LegalKey; to: string; label: string }> = [
  { key: 'legalNotice', to: paths.legalNotice, label: 'common:footer.links.legalNotice' },
  { key: 'privacy', to: paths.privacy, label: 'common:footer.links.privacy' },
  { key: 'terms', to: paths.terms, label: 'common:footer.links.terms' },
  { key: 'cookies', to: paths.cookies, label: 'common:footer.links.cookies' },
];

function Sections({ sections }: { sections: LegalSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-semibold text-fg">{section.title}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-fg">
              {paragraph}
            </p>
          ))}
          {section.items && (
            <ul className="mt-3 list-disc space-y-2 ps-6 text-fg">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

/** The frame of a legal page: head, <h1>, intro, the text, and links to the other legal pages. */
function LegalPage({
  page,
  operator = true,
  children,
}: {
  page: LegalKey;
  operator?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(['legal', 'common']);
  const sessionDuration = useSessionDuration();
  const values = { ...legalValues(), sessionDuration };
  return (
    <>
      <PageHead
        page={page as PublicPageKey}
        title={t(`legal:meta.${page}.title`)}
        description={t(`legal:meta.${page}.description`)}
      />
      <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">
          {t(`legal:${page}.title`)}
        </h1>
        <p className="mt-3 text-lg text-muted">{t(`legal:${page}.intro`)}</p>
        {operator && (
          <div className="mt-8">
            <OperatorDetails />
          </div>
        )}
        {children}
        <Sections
          sections={asList<LegalSection>(
            t(`legal:${page}.sections`, { returnObjects: true, ...values }),
          )}
        />
        <nav aria-label={t('legal:nav.label')} className="mt-12 border-t border-line pt-6">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.key}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex min-h-11 items-center underline-offset-2 hover:underline',
                      isActive ? 'font-semibold text-fg' : 'text-primary underline',
                    )
                  }
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </article>
    </>
  );
}

/**
 * How long a session lasts, in the page's language ("24 hours", "3 days"), from the server's
 * setting (SESSION_HOURS, which the admin may change): the default until it has answered.
 */
function useSessionDuration(): string {
  const { data } = usePublicConfig();
  return formatHours(data?.sessionHours ?? SESSION_HOURS_DEFAULT, currentLanguage());
}

export function formatHours(hours: number, language: string): string {
  const days = hours >= 48 && hours % 24 === 0;
  return new Intl.NumberFormat(bcp47Of(language), {
    style: 'unit',
    unit: days ? 'day' : 'hour',
    unitDisplay: 'long',
    numberingSystem: 'latn',
  }).format(days ? hours / 24 : hours);
}

/** Spec §9's constants as the legal texts interpolate them. */
function legalValues() {
  return {
    years: REGISTER_RETENTION_YEARS,
    auditYears: AUDIT_RETENTION_YEARS,
    contactMonths: CONTACT_RETENTION_MONTHS,
    trialDays: TRIAL_DAYS,
    refundDays: REFUND_WINDOW_DAYS,
    liabilityMonths: LIABILITY_CAP_MONTHS,
    discount: ANNUAL_DISCOUNT_PERCENT,
    price: formatPrice(quote('monthly').chargeCents, currentLanguage()),
  };
}

export function PrivacyPage() {
  const { t } = useTranslation('legal');
  return (
    <LegalPage page="privacy">
      <p className="mt-8 text-fg">
        <Trans
          t={t}
          i18nKey="privacy.cookiesLink"
          components={{ policy: <TextLink to={paths.cookies} /> }}
        />
      </p>
    </LegalPage>
  );
}

export function LegalNoticePage() {
  return <LegalPage page="legalNotice">{null}</LegalPage>;
}

export function TermsPage() {
  return <LegalPage page="terms">{null}</LegalPage>;
}

/**
 * What this app really stores in the browser (the server's HttpOnly cookies of decision 050,
 * lib/i18n, preferences, the self-registration page, lib/chunk-load).
 */
const STORAGE_ROWS = [
  { name: SERVER_COOKIES.session, kind: 'cookie', row: 'authCookie' },
  { name: SERVER_COOKIES.csrf, kind: 'cookie', row: 'csrfCookie' },
  {
    name: STORAGE_KEYS.languageCookie,
    kind: 'cookie',
    row: 'languageCookie',
    days: LANGUAGE_COOKIE_DAYS,
  },
  { name: STORAGE_KEYS.language, kind: 'local', row: 'languageStorage' },
  { name: STORAGE_KEYS.theme, kind: 'local', row: 'theme' },
  { name: STORAGE_KEYS.cookieConsent, kind: 'local', row: 'consent' },
  { name: STORAGE_KEYS.selfRegistration, kind: 'session', row: 'selfRegistration' },
  { name: STORAGE_KEYS.checkinDraft, kind: 'session', row: 'checkinDraft' },
  { name: SERVER_COOKIES.device, kind: 'cookie', row: 'devices', days: DEVICE_COOKIE_DAYS },
  { name: STORAGE_KEYS.reloadedForUpdate, kind: 'session', row: 'appReload' },
] as const;

export function CookiesPage() {
  const { t } = useTranslation('legal');
  const sessionDuration = useSessionDuration();
  return (
    <LegalPage page="cookies" operator={false}>
      <div className="relative mt-8 overflow-x-auto rounded-2xl border border-line bg-surface">
        <table className="w-full min-w-[36rem] text-start text-sm">
          <caption className="px-4 pt-4 text-start text-base font-semibold text-fg">
            {t('cookies.table.caption')}
          </caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="px-4 py-3 font-semibold text-fg">
                {t('cookies.table.name')}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold text-fg">
                {t('cookies.table.kind')}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold text-fg">
                {t('cookies.table.purpose')}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold text-fg">
                {t('cookies.table.duration')}
              </th>
            </tr>
          </thead>
          <tbody>
            {STORAGE_ROWS.map((row) => (
              <tr key={row.row} className="border-b border-line last:border-0">
                <th scope="row" className="px-4 py-3 font-mono font-medium text-fg">
                  {row.name}
                </th>
                <td className="px-4 py-3 text-fg">{t(`cookies.kinds.${row.kind}`)}</td>
                <td className="px-4 py-3 text-fg">{t(`cookies.rows.${row.row}.purpose`)}</td>
                <td className="px-4 py-3 text-fg">
                  {t(`cookies.rows.${row.row}.duration`, {
                    days: 'days' in row ? row.days : undefined,
                    duration: sessionDuration,
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </LegalPage>
  );
}
