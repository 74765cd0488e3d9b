import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { checkinUrl } from '@hospes/shared/checkin';
import { normaliseSearchText } from '@hospes/shared/search';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog, Modal } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { links } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useChangeCheckinLink, useCheckinLink } from '../api/checkin-link';
import { downloadCanvas, drawPoster } from '../poster';
import { QrCanvas } from './qr-code';

/**
 * Spec §2 share-link dialog: the establishment's self check-in link as a QR code, with copy,
 * the poster page (decision 052), download (a printable sign, or the QR code alone, as PNG), renew
 * and revoke (both confirmed first).
 */
export function ShareLinkDialog({
  establishmentId,
  establishmentName,
  open,
  onClose,
}: {
  establishmentId: string;
  establishmentName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('checkin');
  const link = useCheckinLink(establishmentId, open);
  const change = useChangeCheckinLink(establishmentId);
  const [confirming, setConfirming] = useState<'renew' | 'revoke' | null>(null);
  const url = link.data?.token ? checkinUrl(window.location.origin, link.data.token) : null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('share.copied'));
    } catch {
      toast.error(t('share.copyFailed'));
    }
  };

  const slug =
    normaliseSearchText(establishmentName)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'establishment';

  /** The QR code alone, large enough to print (1024 px), for the host's own designs. */
  const download = async () => {
    if (!url) return;
    try {
      const canvas = document.createElement('canvas');
      const { default: QRCode } = await import('qrcode');
      await QRCode.toCanvas(canvas, url, { width: 1024, margin: 2, errorCorrectionLevel: 'M' });
      downloadCanvas(canvas, `checkin-qr-${slug}.png`);
    } catch {
      toast.error(t('share.downloadFailed'));
    }
  };

  /** A sign to print: the name, the QR code, "register here" in ten languages, the link. */
  const downloadPoster = async () => {
    if (!url) return;
    try {
      const canvas = document.createElement('canvas');
      await drawPoster(canvas, { name: establishmentName, url });
      downloadCanvas(canvas, `checkin-sign-${slug}.png`);
    } catch {
      toast.error(t('share.downloadFailed'));
    }
  };

  const run = async (action: 'renew' | 'revoke') => {
    try {
      await change.mutateAsync(action);
      toast.success(t(action === 'renew' ? 'share.renewed' : 'share.revoked'));
      setConfirming(null);
    } catch {
      // Shown inside the confirmation dialog.
    }
  };

  return (
    <>
      <Modal
        open={open && !confirming}
        onClose={onClose}
        title={t('share.title')}
        description={t('share.intro')}
      >
        <div className="mt-4 space-y-4">
          {link.isPending ? (
            <div role="status" className="flex items-center gap-2 text-muted">
              <Spinner className="size-5 text-primary" />
              {t('share.loading')}
            </div>
          ) : link.isError ? (
            <FormAlert>{errorText(link.error, t('share.failed'))}</FormAlert>
          ) : url ? (
            <>
              <div className="flex justify-center">
                <QrCanvas text={url} label={t('share.qrAlt')} size={240} />
              </div>
              <div>
                <label
                  htmlFor="checkin-link-url"
                  className="mb-1 block text-sm font-semibold text-fg"
                >
                  {t('share.linkLabel')}
                </label>
                <input
                  id="checkin-link-url"
                  readOnly
                  value={url}
                  onFocus={(event) => event.target.select()}
                  className="block min-h-11 w-full rounded-lg border border-control bg-surface-muted px-3 py-2 text-sm text-fg"
                />
              </div>
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                <Button onClick={() => void copy()}>{t('share.copy')}</Button>
                <ButtonLink variant="secondary" to={links.checkinPoster(establishmentId)}>
                  {t('queue.poster')}
                </ButtonLink>
                <Button variant="secondary" onClick={() => void downloadPoster()}>
                  {t('share.downloadPoster')}
                </Button>
                <Button variant="secondary" onClick={() => void download()}>
                  {t('share.download')}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming('renew')}>
                  {t('share.renew')}
                </Button>
                <Button variant="danger" onClick={() => setConfirming('revoke')}>
                  {t('share.revoke')}
                </Button>
              </div>
            </>
          ) : (
            <>
              <FormAlert tone="info">{t('share.inactive')}</FormAlert>
              <Button onClick={() => void run('renew')} pending={change.isPending}>
                {t('share.create')}
              </Button>
            </>
          )}
          <div className="flex justify-end border-t border-line pt-4">
            <Button variant="ghost" onClick={onClose}>
              {t('share.close')}
            </Button>
          </div>
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming !== null}
        title={t(confirming === 'revoke' ? 'share.revokeTitle' : 'share.renewTitle')}
        description={t(confirming === 'revoke' ? 'share.revokeText' : 'share.renewText')}
        confirmLabel={t(confirming === 'revoke' ? 'share.revoke' : 'share.renew')}
        pending={change.isPending}
        error={change.isError ? errorText(change.error, t('share.failed')) : null}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => {
          change.reset();
          setConfirming(null);
        }}
      />
    </>
  );
}
