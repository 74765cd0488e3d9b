import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Traveler } from '@hospes/shared/travelers';
import { FormAlert } from '@/components/ui/form-alert';
import { links } from '@/config/paths';
import { fullName } from '../format';

/**
 * Travelers already registered at this establishment with the document being typed, for a stay
 * that includes this one: most often a pilgrim who checked in on their phone, whose registration
 * is to be confirmed rather than typed again (a second record would be reported twice).
 */
export function SameDocumentNotice({ travelers }: { travelers: Traveler[] }) {
  const { t } = useTranslation('clients');
  return (
    <FormAlert tone="info" className="sm:col-span-2 lg:col-span-3">
      <p className="font-semibold">{t('form.sameDocument.title', { count: travelers.length })}</p>
      <ul className="mt-1 space-y-1">
        {travelers.map((traveler) => (
          <li key={traveler.id}>
            <Link
              to={links.clientView(traveler.id)}
              className="font-medium text-primary underline underline-offset-2"
            >
              {fullName(traveler)}
              {traveler.reportNumber ? ` (${traveler.reportNumber})` : ''}
            </Link>
            {traveler.selfRegistration?.status === 'pending' && (
              <span> — {t('form.sameDocument.pending')}</span>
            )}
          </li>
        ))}
      </ul>
    </FormAlert>
  );
}
