import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { SesAuthority } from '@hospes/shared/ses';
import type { SesKindSchedule, SesSchedule, SesSendMode } from '@hospes/shared/ses-auto';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { errorText } from '@/lib/error-text';
import { useSaveSesSchedule, useSesSchedule } from '../api/ses-schedule';
import { authorityContext } from './ses-submission-status';

const KINDS = ['PV', 'RH'] as const;
const MODES: readonly SesSendMode[] = ['manual', 'on_registration', 'daily'];

/**
 * When an establishment's partes (PV) and reservas (RH) go to SES.HOSPEDAJES by themselves
 * (decision 044): only when sent from the dialog, a few minutes after each registration, or every
 * day at a time of the establishment's clock. Shown once the web-service user is set.
 */
export function SesScheduleForm({
  establishmentId,
  establishmentName,
  authority,
}: {
  establishmentId: string;
  establishmentName: string;
  /** Where the sends go: SES.HOSPEDAJES unless said (the Ertzaintza's A19, decision 061). */
  authority?: SesAuthority;
}) {
  const { t } = useTranslation('documents');
  const query = useSesSchedule(establishmentId);
  const save = useSaveSesSchedule(establishmentId);
  const [draft, setDraft] = useState<SesSchedule | null>(null);
  if (!query.data) return null;
  const shown = draft ?? query.data;

  const change = (kind: (typeof KINDS)[number], value: Partial<SesKindSchedule>) =>
    setDraft({ ...shown, [kind]: { ...shown[kind], ...value } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        PV: { mode: shown.PV.mode, time: shown.PV.mode === 'daily' ? shown.PV.time : null },
        RH: { mode: shown.RH.mode, time: shown.RH.mode === 'daily' ? shown.RH.time : null },
      },
      {
        onSuccess: () => {
          setDraft(null);
          toast.success(t('automatic.saved'));
        },
      },
    );
  };

  const missingTime = KINDS.some((k) => shown[k].mode === 'daily' && !shown[k].time);
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`${t('automatic.title')} (${establishmentName})`}
      className="mt-4 border-t border-line pt-4"
    >
      <h5 className="font-semibold text-fg">{t('automatic.title')}</h5>
      <p className="mt-1 text-sm text-fg">
        {t('automatic.intro', { context: authorityContext(authority) })}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {KINDS.map((kind) => (
          <fieldset key={kind} className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold text-fg">{t(`automatic.${kind}`)}</legend>
            <SelectField
              label={t('automatic.mode')}
              value={shown[kind].mode}
              onChange={(event) => change(kind, { mode: event.target.value as SesSendMode })}
              options={MODES.map((mode) => ({ value: mode, label: t(`automatic.modes.${mode}`) }))}
            />
            {shown[kind].mode === 'daily' && (
              <TextField
                label={t('automatic.time')}
                type="time"
                value={shown[kind].time ?? ''}
                onChange={(event) => change(kind, { time: event.target.value || null })}
              />
            )}
          </fieldset>
        ))}
      </div>
      {save.isError && (
        <FormAlert className="mt-3">{errorText(save.error, t('automatic.failed'))}</FormAlert>
      )}
      <Button
        type="submit"
        size="sm"
        className="mt-3"
        pending={save.isPending}
        disabled={!draft || missingTime}
      >
        {t('automatic.save')}
        <span className="sr-only"> ({establishmentName})</span>
      </Button>
    </form>
  );
}
