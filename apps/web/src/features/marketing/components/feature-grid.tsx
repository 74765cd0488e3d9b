import { useTranslation } from 'react-i18next';
import { REGISTER_RETENTION_YEARS, SCAN_COUNTRIES } from '../constants';
import { FeatureIcon, type FeatureKey } from './feature-icons';

/** Feature cards: an icon, a heading and one honest paragraph each. */
export function FeatureGrid({
  keys,
  headingLevel = 3,
}: {
  keys: readonly FeatureKey[];
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('marketing');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const values = { countries: SCAN_COUNTRIES, years: REGISTER_RETENTION_YEARS };
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {keys.map((key) => (
        <li key={key} className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
          <FeatureIcon name={key} />
          <Heading className="mt-4 text-lg font-semibold text-fg">
            {t(`featureItems.${key}.title`)}
          </Heading>
          <p className="mt-2 text-muted">{t(`featureItems.${key}.text`, values)}</p>
        </li>
      ))}
    </ul>
  );
}
