import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** The wizard's steps as an ordered list; the current one carries aria-current="step". */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  const { t } = useTranslation('admin');
  return (
    <ol
      aria-label={t('create.steps.label')}
      className="mb-6 grid gap-2"
      style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}
    >
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li
            key={step}
            aria-current={state === 'current' ? 'step' : undefined}
            className={cn(
              'flex flex-col items-center gap-1 border-t-4 pt-2 text-center text-xs font-semibold sm:text-sm',
              state === 'todo' ? 'border-line text-muted' : 'border-primary text-fg',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 items-center justify-center rounded-full text-sm',
                state === 'todo' ? 'bg-surface-muted text-muted' : 'bg-primary text-primary-fg',
              )}
            >
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span>
              {t(`create.steps.${step}`)}
              {state !== 'todo' && <span className="sr-only"> ({t(`create.steps.${state}`)})</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
