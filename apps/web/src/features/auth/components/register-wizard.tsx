import { useLayoutEffect, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { ESTABLISHMENT_TYPES } from '@hospes/shared/establishments';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CheckboxField, SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink, textLinkClasses } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { applyServerFieldErrors, isApiError } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form';
import { useRegisterEstablishment } from '../api/register-establishment';
import {
  EMPTY_REGISTRATION,
  REGISTER_FIELDS,
  REGISTER_STEPS,
  RegisterFormSchema,
  stepOfField,
  type RegisterFormOutput,
  type RegisterFormValues,
} from '../schemas';

type Field = FieldPath<RegisterFormValues>;

/** Reads a nested error message such as errors.establishment.nif. */
function errorAt(errors: Record<string, unknown>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

function StepIndicator({ current }: { current: number }) {
  const { t } = useTranslation('auth');
  return (
    <ol aria-label={t('register.steps.label')} className="mb-6 grid grid-cols-3 gap-2">
      {REGISTER_STEPS.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li
            key={step.key}
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
              {t(`register.steps.${step.key}`)}
              {state !== 'todo' && (
                <span className="sr-only"> ({t(`register.steps.${state}`)})</span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Establishment registration in three steps (establishment, contact, account), then a success
 * screen. "Next" validates only the current step's fields with the shared schemas. Server field
 * errors land on their field and the wizard jumps to the step that holds the first one.
 */
export function RegisterWizard() {
  const { t } = useTranslation('auth');
  // The step, and where focus goes when it is shown: its heading, or a field with an error.
  const [view, setView] = useState<{ step: number; focus: Field | 'heading' | null }>({
    step: 0,
    focus: null,
  });
  const step = view.step;
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  const registration = useRegisterEstablishment();

  const {
    register: registerField,
    handleSubmit,
    trigger,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver: schemaResolver(RegisterFormSchema),
    defaultValues: EMPTY_REGISTRATION,
    mode: 'onTouched',
  });

  // A field that shows an error re-checks itself while it is edited, so the message goes away as
  // soon as the value is right; otherwise it would vanish only on blur, and the layout shift of
  // that blur can move "Next" away from under the pointer between press and release.
  const register = (path: Field) =>
    registerField(path, {
      onChange: () => {
        if (errorAt(errors as Record<string, unknown>, path)) void trigger(path);
      },
    });

  // Move focus with the step: to its heading (announced by screen readers) or to a field.
  useLayoutEffect(() => {
    if (view.focus === 'heading') headingRef.current?.focus();
    else if (view.focus) setFocus(view.focus);
  }, [view, setFocus]);

  // The success screen replaces the form: move focus to its heading so it is read out.
  useLayoutEffect(() => {
    if (registeredEmail) successRef.current?.focus();
  }, [registeredEmail]);

  const goTo = (next: number, focus: Field | 'heading' = 'heading') =>
    setView({ step: next, focus });

  const next = async () => {
    const fields = REGISTER_STEPS[step]?.fields ?? [];
    const valid = await trigger([...fields] as Field[], { shouldFocus: true });
    if (valid) goTo(step + 1);
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await registration.mutateAsync({
        establishment: values.establishment,
        contact: values.contact,
        account: {
          name: values.account.name,
          email: values.account.email,
          password: values.account.password,
        },
        acceptTerms: values.acceptTerms,
        acceptPrivacy: values.acceptPrivacy,
      });
      setRegisteredEmail(answer.data.email);
    } catch (error) {
      const fields = applyServerFieldErrors<RegisterFormValues>(error, setError, {
        knownFields: REGISTER_FIELDS,
      });
      const first = fields[0];
      if (!first) {
        setFormError((isApiError(error) && error.message) || t('register.failed'));
      } else {
        const target = stepOfField(first);
        if (target !== step) goTo(target, first);
        else setFocus(first);
      }
    }
  });

  if (registeredEmail) {
    return (
      <div className="space-y-4">
        <h2 ref={successRef} tabIndex={-1} className="text-xl font-bold text-fg">
          {t('register.successTitle')}
        </h2>
        <p className="text-fg">{t('register.successText', { email: registeredEmail })}</p>
        <p className="text-sm text-muted">{t('register.successHint')}</p>
        <p>
          <TextLink to={paths.login}>{t('register.goToLogin')}</TextLink>
        </p>
      </div>
    );
  }

  const stepKey = REGISTER_STEPS[step]?.key ?? 'establishment';
  const last = step === REGISTER_STEPS.length - 1;
  const err = (path: Field) => errorAt(errors as Record<string, unknown>, path);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (last) return void submit(event);
        event.preventDefault();
        void next();
      }}
    >
      <StepIndicator current={step} />
      <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold text-fg">
        {t('register.steps.progress', {
          current: step + 1,
          total: REGISTER_STEPS.length,
          name: t(`register.steps.${stepKey}`),
        })}
      </h2>

      {formError && <FormAlert className="mb-5">{formError}</FormAlert>}

      {stepKey === 'establishment' && (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2"
            label={t('register.fields.name')}
            autoComplete="organization"
            aria-required="true"
            error={err('establishment.name')}
            {...register('establishment.name')}
          />
          <SelectField
            label={t('register.fields.type')}
            options={ESTABLISHMENT_TYPES.map((type) => ({
              value: type,
              label: t(`register.types.${type}`),
            }))}
            error={err('establishment.type')}
            {...register('establishment.type')}
          />
          <TextField
            label={t('register.fields.nif')}
            hint={t('register.fields.nifHint')}
            autoCapitalize="characters"
            aria-required="true"
            error={err('establishment.nif')}
            {...register('establishment.nif')}
          />
          <TextField
            className="sm:col-span-2"
            label={t('register.fields.address')}
            autoComplete="street-address"
            aria-required="true"
            error={err('establishment.address')}
            {...register('establishment.address')}
          />
          <TextField
            label={t('register.fields.city')}
            autoComplete="address-level2"
            aria-required="true"
            error={err('establishment.city')}
            {...register('establishment.city')}
          />
          <TextField
            label={t('register.fields.province')}
            autoComplete="address-level1"
            aria-required="true"
            error={err('establishment.province')}
            {...register('establishment.province')}
          />
          <TextField
            label={t('register.fields.postalCode')}
            autoComplete="postal-code"
            inputMode="numeric"
            aria-required="true"
            error={err('establishment.postalCode')}
            {...register('establishment.postalCode')}
          />
          <TextField
            label={t('register.fields.phone')}
            type="tel"
            autoComplete="tel"
            aria-required="true"
            error={err('establishment.phone')}
            {...register('establishment.phone')}
          />
        </div>
      )}

      {stepKey === 'contact' && (
        <div className="grid gap-5">
          <TextField
            label={t('register.fields.contactName')}
            autoComplete="name"
            aria-required="true"
            error={err('contact.contactName')}
            {...register('contact.contactName')}
          />
          <TextField
            label={t('register.fields.contactEmail')}
            hint={t('register.fields.contactEmailHint')}
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required="true"
            error={err('contact.contactEmail')}
            {...register('contact.contactEmail')}
          />
        </div>
      )}

      {stepKey === 'account' && (
        <div className="grid gap-5">
          <TextField
            label={t('register.fields.accountName')}
            autoComplete="name"
            aria-required="true"
            error={err('account.name')}
            {...register('account.name')}
          />
          <TextField
            label={t('register.fields.accountEmail')}
            hint={t('register.fields.accountEmailHint')}
            type="email"
            autoComplete="username"
            inputMode="email"
            aria-required="true"
            error={err('account.email')}
            {...register('account.email')}
          />
          <TextField
            label={t('register.fields.password')}
            hint={t('register.fields.passwordHint')}
            type="password"
            autoComplete="new-password"
            aria-required="true"
            error={err('account.password')}
            {...register('account.password')}
          />
          <TextField
            label={t('register.fields.confirmPassword')}
            type="password"
            autoComplete="new-password"
            aria-required="true"
            error={err('account.confirmPassword')}
            {...register('account.confirmPassword')}
          />
          <p className="text-sm text-fg">
            <Trans
              t={t}
              i18nKey="register.fields.readLegal"
              components={{
                terms: (
                  <a
                    href={paths.terms}
                    target="_blank"
                    rel="noopener"
                    className={textLinkClasses}
                  />
                ),
                privacy: (
                  <a
                    href={paths.privacy}
                    target="_blank"
                    rel="noopener"
                    className={textLinkClasses}
                  />
                ),
              }}
            />
          </p>
          <CheckboxField
            label={t('register.fields.acceptTerms')}
            aria-required="true"
            error={err('acceptTerms')}
            {...register('acceptTerms')}
          />
          <CheckboxField
            label={t('register.fields.acceptPrivacy')}
            aria-required="true"
            error={err('acceptPrivacy')}
            {...register('acceptPrivacy')}
          />
        </div>
      )}

      <div className="mt-8 flex flex-wrap justify-between gap-3">
        {step > 0 ? (
          <Button variant="secondary" onClick={() => goTo(step - 1)}>
            {t('register.back')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" pending={registration.isPending}>
          {last ? t('register.submit') : t('register.next')}
        </Button>
      </div>
    </form>
  );
}
