import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import {
  CONTACT_LIMITS,
  CONTACT_TYPES,
  ContactMessageInputSchema,
  type ContactMessageInput,
  type ContactType,
} from '@hospes/shared/contact';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { applyServerFieldErrors, isApiError } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form';
import { useSendContactMessage } from '../api/send-contact-message';
import { TextAreaField } from './textarea-field';

type Values = {
  name: string;
  email: string;
  phone: string;
  company: string;
  type: ContactType;
  message: string;
  website: string;
};

const FIELDS = ['name', 'email', 'phone', 'company', 'type', 'message'] as const;

export function isContactType(value: string | null | undefined): value is ContactType {
  return !!value && (CONTACT_TYPES as readonly string[]).includes(value);
}

/**
 * The contact form of spec §3: name, e-mail, phone, company, type, message. States: filling in,
 * sending, sent (a thank-you with "send another"). Server field errors land on their fields;
 * too many messages (429) and other failures are said above the form.
 */
export function ContactForm({ initialType = 'support' }: { initialType?: ContactType }) {
  const { t } = useTranslation('contact');
  const send = useSendContactMessage();
  const [sentTo, setSentTo] = useState<{ name: string; email: string } | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const empty: Values = {
    name: '',
    email: '',
    phone: '',
    company: '',
    type: initialType,
    message: '',
    website: '',
  };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<Values, unknown, ContactMessageInput>({
    resolver: schemaResolver(ContactMessageInputSchema) as never,
    defaultValues: empty,
  });

  useEffect(() => {
    if (sentTo) sentHeading.current?.focus();
  }, [sentTo]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      setSentTo({ name: getValues('name').trim(), email: getValues('email').trim() });
    } catch (error) {
      applyServerFieldErrors<Values>(error, setError, { knownFields: FIELDS, shouldFocus: true });
    }
  });

  const sendAnother = () => {
    // Keep who is writing; start a new message.
    const { name, email, phone, company, type } = getValues();
    reset({ ...empty, name, email, phone, company, type });
    send.reset();
    setSentTo(null);
    setTimeout(() => setFocus('message'), 0);
  };

  if (sentTo) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success">
          <h3 ref={sentHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {t('sent.title')}
          </h3>
          <p>{t('sent.text', sentTo)}</p>
        </FormAlert>
        <Button variant="secondary" onClick={sendAnother}>
          {t('sent.another')}
        </Button>
      </div>
    );
  }

  const failure = send.error;
  const failureText = !failure
    ? null
    : failure.status === 429
      ? t('form.tooMany')
      : failure.status === 400 && failure.details.length > 0
        ? null
        : (isApiError(failure) && failure.message) || t('form.failed');

  return (
    <form onSubmit={onSubmit} noValidate className="relative space-y-5">
      {failureText && <FormAlert>{failureText}</FormAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('form.name')}
          autoComplete="name"
          aria-required="true"
          maxLength={CONTACT_LIMITS.name}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('form.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          aria-required="true"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('form.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={CONTACT_LIMITS.phone}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label={t('form.company')}
          autoComplete="organization"
          maxLength={CONTACT_LIMITS.company}
          error={errors.company?.message}
          {...register('company')}
        />
      </div>
      <SelectField
        label={t('form.type')}
        aria-required="true"
        options={CONTACT_TYPES.map((type) => ({ value: type, label: t(`form.types.${type}`) }))}
        error={errors.type?.message}
        {...register('type')}
      />
      <TextAreaField
        label={t('form.message')}
        hint={t('form.messageHint', {
          min: CONTACT_LIMITS.messageMin,
          max: CONTACT_LIMITS.message,
        })}
        aria-required="true"
        maxLength={CONTACT_LIMITS.message}
        rows={7}
        error={errors.message?.message}
        {...register('message')}
      />
      {/* Honeypot: hidden from sight and from assistive technology; only bots fill it in. Clipped
          to a pixel where it stands rather than moved off screen: an offset to the left widens
          the page in right-to-left languages (Arabic). */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute size-px overflow-hidden whitespace-nowrap [clip-path:inset(50%)]"
      >
        <label htmlFor="contact-website">{t('form.honeypot')}</label>
        <input
          id="contact-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...register('website')}
        />
      </div>
      <p className="text-sm text-muted">
        <Trans
          t={t}
          i18nKey="form.privacy"
          components={{ policy: <TextLink to={paths.privacy} /> }}
        />
      </p>
      <Button type="submit" pending={send.isPending}>
        {send.isPending ? t('form.sending') : t('form.submit')}
      </Button>
    </form>
  );
}
