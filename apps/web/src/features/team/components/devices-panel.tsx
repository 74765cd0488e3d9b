import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { useSignOut } from '@/lib/auth';
import { useDevices, useSignDeviceOut } from '../api/devices';

/** The devices the user is signed in on (their live sessions), each with a sign-out. */
export function DevicesPanel() {
  const { t, i18n } = useTranslation('profile');
  const devices = useDevices();
  const signDeviceOut = useSignDeviceOut();
  const signOut = useSignOut();
  return (
    <section
      aria-labelledby="devices-heading"
      className="rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id="devices-heading" className="text-lg font-semibold text-fg">
        {t('devices.heading')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('devices.text')}</p>
      {devices.isPending && <Spinner label={t('devices.loading')} />}
      {devices.isError && <FormAlert>{errorText(devices.error, t('devices.failed'))}</FormAlert>}
      {devices.data && (
        <ul className="mt-2">
          {devices.data.map((device) => (
            <li
              key={device.id}
              className="flex flex-col gap-2 border-t border-line py-3 first:border-t-0 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="break-words text-sm font-semibold text-fg">
                  {device.userAgent ?? t('devices.unknown')}
                  {device.current && ` · ${t('devices.current')}`}
                </p>
                <p className="text-sm text-muted">
                  {t('devices.since', {
                    date: new Date(device.createdAt).toLocaleString(i18n.language),
                    ip: device.ip ?? '—',
                  })}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  if (device.current) {
                    void signOut();
                    return;
                  }
                  signDeviceOut
                    .mutateAsync(device.id)
                    .then(() => toast.success(t('devices.signedOut')))
                    .catch((err: unknown) => toast.error(errorText(err, t('devices.failed'))));
                }}
              >
                {t('devices.signOut')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
