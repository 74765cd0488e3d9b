import { useTranslation } from 'react-i18next';
import type { SesProblem } from '@hospes/shared/ses-preflight';
import type { Traveler } from '@hospes/shared/travelers';
import { ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { links } from '@/config/paths';
import { fieldProblems } from '../preflight';
import { fullName } from '../format';

/**
 * "Cannot be reported": a saved traveler the parte still lacks something of (the SES pre-flight,
 * decision 043), with what it lacks read with it.
 */
export function UnreportableBadge({
  problems,
  className,
}: {
  problems: readonly SesProblem[];
  className?: string;
}) {
  const { t, i18n } = useTranslation('clients');
  if (problems.length === 0) return null;
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const texts = fieldProblems(problems, lng).map((problem) => problem.message);
  return (
    <span
      data-testid="unreportable-badge"
      title={texts.join(' · ')}
      className={cn(
        'inline-flex items-center rounded-full border-2 border-danger bg-danger-soft px-2 py-0.5 text-xs font-semibold text-fg',
        className,
      )}
    >
      {t('list.unreportable')}
      <span className="sr-only">: {texts.join('; ')}</span>
    </span>
  );
}

/**
 * The one-tap fix of a traveler who cannot be reported: the edit form, its missing fields marked
 * and the first one focused (as the SES dialog's "Fix" does).
 */
export function CompleteTravelerLink({
  traveler,
  problems,
  className,
}: {
  traveler: Traveler;
  problems: readonly SesProblem[];
  className?: string;
}) {
  const { t, i18n } = useTranslation('clients');
  if (problems.length === 0) return null;
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (
    <ButtonLink
      to={links.clientEdit(traveler.id)}
      state={{ sesProblems: fieldProblems(problems, lng) }}
      variant="secondary"
      size="sm"
      className={className}
    >
      {t('list.complete')}
      <span className="sr-only"> {fullName(traveler)}</span>
    </ButtonLink>
  );
}
