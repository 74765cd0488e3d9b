import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { AVAILABLE_LANGUAGES, currentLanguage, LANGUAGE_NAMES } from '@/lib/i18n';

/**
 * The interface language. Built for the 16 languages of spec §9; it offers those listed in
 * AVAILABLE_LANGUAGES. The choice is cached by i18next (localStorage `i18nextLng`, cookie `i18next`).
 */
export function LanguageSwitcher({
  className,
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = `lang-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const value = currentLanguage();

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-semibold text-fg' : 'sr-only'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        className="min-h-11 rounded-lg border border-control bg-surface px-2 py-1 text-sm text-fg"
      >
        {AVAILABLE_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng === 'va' ? 'ca-valencia' : lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
