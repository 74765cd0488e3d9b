import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { checkinUrl } from '@hospes/shared/checkin';
import { normaliseSearchText } from '@hospes/shared/search';
import { Button, ButtonLink } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { links } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useCheckinLink } from '../api/checkin-link';
import { downloadCanvas, drawPoster, POSTER_CALLS } from '../poster';
import { QrCanvas } from './qr-code';

/**
 * The queue mode's poster (decision 052): the establishment's name, a large QR code of its self
 * check-in link, "register here" in the languages pilgrims most often read, and the link, as a
 * page to show on a screen by the door or to print (the app's header, footer and these buttons
 * are left out of the print). The link is the one the share dialog shows (created on first use).
 */
export function CheckinPoster({
  establishmentId,
  establishmentName,
}: {
  establishmentId: string;
  establishmentName: string;
}) {
  const { t } = useTranslation('checkin');
  const link = useCheckinLink(establishmentId, establishmentId !== '');
  const url = link.data?.token ? checkinUrl(window.location.origin, link.data.token) : null;

  const download = async () => {
    if (!url) return;
    try {
      const canvas = document.createElement('canvas');
      await drawPoster(canvas, { name: establishmentName, url });
      const slug =
        normaliseSearchText(establishmentName)
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'establishment';
      downloadCanvas(canvas, `checkin-sign-${slug}.png`);
    } catch {
      toast.error(t('share.downloadFailed'));
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap print:hidden">
        <Button onClick={() => window.print()} disabled={!url}>
          {t('poster.print')}
        </Button>
        <Button variant="secondary" onClick={() => void download()} disabled={!url}>
          {t('share.downloadPoster')}
        </Button>
        <ButtonLink variant="ghost" to={links.travelerRegistration(establishmentId)}>
          {t('poster.back')}
        </ButtonLink>
      </div>
      {link.isPending ? (
        <div role="status" className="flex items-center gap-2 text-muted">
          <Spinner className="size-5 text-primary" />
          {t('share.loading')}
        </div>
      ) : link.isError ? (
        <FormAlert>{errorText(link.error, t('share.failed'))}</FormAlert>
      ) : !url ? (
        <FormAlert tone="info">{t('poster.inactive')}</FormAlert>
      ) : (
        // Black on white whatever the theme: a sign to read from a distance, and to print.
        <article
          aria-labelledby="checkin-poster-name"
          className="mx-auto flex max-w-2xl flex-col items-center gap-6 rounded-2xl border border-line bg-white px-4 py-8 text-center text-black sm:px-10 print:border-0"
        >
          <h2 id="checkin-poster-name" className="text-3xl font-bold break-words sm:text-4xl">
            {establishmentName}
          </h2>
          <QrCanvas
            text={url}
            label={t('share.qrAlt')}
            size={480}
            // The QR code library sets its size inline: the page's width wins on a phone.
            className="h-auto! w-full! max-w-[480px] bg-white"
          />
          <ul className="space-y-1 text-lg font-semibold sm:text-xl">
            {POSTER_CALLS.map((call) => (
              <li key={call.lang} lang={call.lang} dir={call.dir ?? 'ltr'}>
                {call.text}
              </li>
            ))}
          </ul>
          <p className="text-sm break-all text-gray-700" data-testid="checkin-poster-link">
            <a href={url} className="underline">
              {url}
            </a>
          </p>
        </article>
      )}
    </div>
  );
}
