import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CreateFeedInputSchema,
  type CreateFeedInput,
  type Feed,
} from '@hospes/shared/reservations';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { applyServerFieldErrors } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format-date-time';
import { schemaResolver } from '@/lib/form';
import { useChangeFeeds, useFeeds } from '../api/feeds';

/** What the last reading of a calendar did, or why it failed. */
function LastReading({ feed }: { feed: Feed }) {
  const { t, i18n } = useTranslation('reservations');
  if (!feed.lastFetchedAt) return <p className="text-sm text-muted">{t('feeds.neverRead')}</p>;
  const when = formatDateTime(feed.lastFetchedAt, i18n.language);
  if (feed.lastResult === 'error')
    return (
      <p className="text-sm font-medium text-danger">
        {t('feeds.failedAt', { when })}{' '}
        {t(`feeds.error.${feed.lastError ?? 'unreachable'}`, { status: feed.lastErrorStatus })}
      </p>
    );
  return (
    <p className="text-sm text-fg">
      {feed.lastResult === 'not_modified'
        ? t('feeds.unchangedAt', { when })
        : t('feeds.readAt', {
            when,
            created: feed.lastChanges?.created ?? 0,
            updated: feed.lastChanges?.updated ?? 0,
            cancelled: feed.lastChanges?.cancelled ?? 0,
          })}
    </p>
  );
}

/** The channels' calendars (iCal) of the establishment: add, read now, remove. */
export function CalendarFeeds({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation('reservations');
  const feeds = useFeeds(establishmentId);
  const change = useChangeFeeds(establishmentId);
  const form = useForm<CreateFeedInput>({
    defaultValues: { unit: '', channel: '', url: '' },
    resolver: schemaResolver(CreateFeedInputSchema),
  });
  const { errors } = form.formState;
  const add = form.handleSubmit(async (values) => {
    try {
      await change.add.mutateAsync(values);
      form.reset();
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
    }
  });

  return (
    <section aria-labelledby="reservations-feeds-title" className="space-y-3">
      <h2 id="reservations-feeds-title" className="text-xl font-bold text-fg">
        {t('feeds.title')}
      </h2>
      <p className="text-sm text-muted">{t('feeds.intro')}</p>
      {feeds.isError && <FormAlert>{errorText(feeds.error, t('feeds.failed'))}</FormAlert>}
      {feeds.data && feeds.data.length === 0 && <p className="text-muted">{t('feeds.none')}</p>}
      <ul className="space-y-3">
        {feeds.data?.map((feed) => (
          <li key={feed.id} className="rounded-xl border border-line bg-surface p-3">
            <p className="font-semibold text-fg">
              {feed.unit} · {feed.channel}
            </p>
            <p className="break-all text-sm text-muted">{feed.url}</p>
            <LastReading feed={feed} />
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={change.fetchNow.isPending}
                onClick={() => change.fetchNow.mutate(feed.id)}
              >
                {t('feeds.fetchNow')}
                <span className="sr-only">: {feed.unit}</span>
              </Button>
              <Button
                size="sm"
                variant="danger"
                disabled={change.remove.isPending}
                onClick={() => change.remove.mutate(feed.id)}
              >
                {t('feeds.remove')}
                <span className="sr-only">: {feed.unit}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <form
        noValidate
        onSubmit={(event) => void add(event)}
        className="space-y-3 rounded-xl border border-line p-3"
      >
        <h3 className="font-semibold text-fg">{t('feeds.add')}</h3>
        {change.add.isError && (
          <FormAlert>{errorText(change.add.error, t('feeds.addFailed'))}</FormAlert>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('fields.unit')}
            {...form.register('unit')}
            error={errors.unit?.message}
          />
          <TextField
            label={t('fields.channel')}
            list="reservation-feed-channels"
            {...form.register('channel')}
            error={errors.channel?.message}
          />
        </div>
        <datalist id="reservation-feed-channels">
          {['Booking.com', 'Airbnb', 'Expedia', 'Vrbo'].map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <TextField
          label={t('feeds.url')}
          type="url"
          inputMode="url"
          hint={t('feeds.urlHint')}
          {...form.register('url')}
          error={errors.url?.message}
        />
        <Button type="submit" disabled={change.add.isPending}>
          {t('feeds.addButton')}
        </Button>
      </form>
    </section>
  );
}
