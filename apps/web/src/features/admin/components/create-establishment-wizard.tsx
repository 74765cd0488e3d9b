import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TextLink } from '@/components/ui/text-link';
import { links, paths } from '@/config/paths';
import { applyServerFieldErrors, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form';
import { useCreateEstablishment } from '@/features/establishment/api/create-establishment';
import { establishmentChangeRefreshes } from '../api/keys';
import { CREATE_REDIRECT_MS } from '../constants';
import {
  CREATE_STEPS,
  EMPTY_ESTABLISHMENT,
  ESTABLISHMENT_FIELDS,
  EstablishmentFormSchema,
  stepOfField,
  type EstablishmentField,
  type EstablishmentFormOutput,
  type EstablishmentFormValues,
} from '../schemas';
import { EstablishmentFields } from './establishment-fields';
import { StepIndicator } from './step-indicator';

type Focus = EstablishmentField | 'heading' | null;

/**
 * The admin's create-establishment wizard (spec §2, §5): establishment, contact, status, then a
 * success panel. Fields validate as they change; "Next" validates the step's fields, else a
 * "validation error" toast. Cancel on step 1 asks before discarding. The contact e-mail's user
 * becomes the owner (`createUserWithEstablishment`), and the new establishment's page opens
 * after 3 s.
 */
export function CreateEstablishmentWizard() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [view, setView] = useState<{ step: number; focus: Focus }>({ step: 0, focus: null });
  const [created, setCreated] = useState<{ id: string; name: string; email: string } | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const creation = useCreateEstablishment(establishmentChangeRefreshes);
  const step = view.step;

  const {
    register,
    handleSubmit,
    trigger,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<EstablishmentFormValues, unknown, EstablishmentFormOutput>({
    resolver: schemaResolver(EstablishmentFormSchema),
    defaultValues: EMPTY_ESTABLISHMENT,
    mode: 'onChange',
  });

  useLayoutEffect(() => {
    if (view.focus === 'heading') headingRef.current?.focus();
    else if (view.focus) setFocus(view.focus);
  }, [view, setFocus]);

  // Step 4: announce the success panel, then open the new establishment's page after 3 s.
  useEffect(() => {
    if (!created) return;
    successRef.current?.focus();
    const timer = setTimeout(
      () => void navigate(links.adminEstablishmentView(created.id)),
      CREATE_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [created, navigate]);

  /**
   * Spec §5: the create form says "{field} required" in lower case; one text a field, so that it
   * agrees with the field's gender ("dirección obligatoria") and keeps what is never lower case
   * (NIF/CIF, a German noun).
   */
  const errorOf = (field: EstablishmentField) => {
    const message = errors[field]?.message;
    if (!message) return undefined;
    if (message === 'validation.required') return t(`create.required.${field}`);
    return message;
  };

  const validationToast = () => toast.error(t('validationError'), { id: 'admin-validation' });

  const next = async () => {
    const fields = CREATE_STEPS[step]?.fields ?? [];
    const valid = await trigger([...fields], { shouldFocus: true });
    if (!valid) {
      validationToast();
      return;
    }
    setView({ step: step + 1, focus: 'heading' });
  };

  const submit = handleSubmit(
    async (values) => {
      try {
        // The contact e-mail's user becomes the owner (created and sent a link to choose a
        // password when new).
        const answer = await creation.mutateAsync({ ...values, createUserWithEstablishment: true });
        toast.success(t('create.success'));
        setCreated({ id: answer.data.id, name: answer.data.name, email: values.contactEmail });
      } catch (error) {
        if (isApiError(error) && error.code === 'NIF_TAKEN') {
          setError('nif', { type: 'server', message: error.message });
          setView({ step: stepOfField('nif'), focus: 'nif' });
          toast.error(error.message);
          return;
        }
        const fields = applyServerFieldErrors<EstablishmentFormValues>(error, setError, {
          knownFields: ESTABLISHMENT_FIELDS,
        });
        const first = fields[0];
        if (first) {
          setView({ step: stepOfField(first), focus: first });
          validationToast();
          return;
        }
        toast.error(errorText(error, t('create.failed')));
      }
    },
    (invalid) => {
      // Only reachable if an earlier step changed after it was passed: go back to it.
      const first = ESTABLISHMENT_FIELDS.find((field) => invalid[field]);
      if (first) setView({ step: stepOfField(first), focus: first });
      validationToast();
    },
  );

  if (created) {
    return (
      <Card>
        <section aria-labelledby="create-success-title" className="space-y-4">
          <h2
            id="create-success-title"
            ref={successRef}
            tabIndex={-1}
            className="text-xl font-bold text-fg"
          >
            {t('create.successTitle')}
          </h2>
          <p className="text-fg">
            {t('create.successText', { name: created.name, email: created.email })}
          </p>
          <p className="text-sm text-muted">{t('create.redirecting')}</p>
          <p>
            <TextLink to={paths.admin}>{t('create.backToAdmin')}</TextLink>
          </p>
        </section>
      </Card>
    );
  }

  const stepKey = CREATE_STEPS[step]?.key ?? 'establishment';
  const last = step === CREATE_STEPS.length - 1;

  return (
    <Card>
      <form
        noValidate
        onSubmit={(event) => {
          if (last) return void submit(event);
          event.preventDefault();
          void next();
        }}
      >
        <StepIndicator steps={CREATE_STEPS.map((s) => s.key)} current={step} />
        <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold text-fg">
          {t('create.steps.progress', {
            current: step + 1,
            total: CREATE_STEPS.length,
            name: t(`create.steps.${stepKey}`),
          })}
        </h2>
        {stepKey === 'contact' && (
          <p className="mb-4 text-sm text-muted">{t('create.contactHint')}</p>
        )}
        <EstablishmentFields
          fields={CREATE_STEPS[step]?.fields ?? []}
          register={(field) => register(field)}
          errorOf={errorOf}
        />
        <div className="mt-8 flex flex-wrap justify-between gap-3">
          {step === 0 ? (
            <Button variant="secondary" onClick={() => setDiscarding(true)}>
              {t('actions.cancel')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={() => setView({ step: step - 1, focus: 'heading' })}
            >
              {t('actions.back')}
            </Button>
          )}
          <Button type="submit" pending={creation.isPending}>
            {last ? t('create.submit') : t('actions.next')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={discarding}
        title={t('discard.title')}
        description={t('create.discardText')}
        cancelLabel={t('discard.cancel')}
        confirmLabel={t('discard.confirm')}
        onCancel={() => setDiscarding(false)}
        onConfirm={() => {
          setDiscarding(false);
          void navigate(paths.admin);
        }}
      />
    </Card>
  );
}
