import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/error-text';
import { useDeleteTraveler } from '../api/delete-traveler';
import { fullName } from '../format';

/** "Delete traveler …?" naming the traveler; on success a toast and `onDeleted`. */
export function DeleteTravelerDialog({
  traveler,
  onClose,
  onDeleted,
}: {
  traveler: {
    id: string;
    firstName: string;
    lastName: string;
    secondLastName: string | null;
  } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('clients');
  const remove = useDeleteTraveler();
  const name = traveler ? fullName(traveler) : '';
  return (
    <ConfirmDialog
      open={traveler !== null}
      title={t('delete.title', { name })}
      description={<p>{t('delete.text', { name })}</p>}
      confirmLabel={t('delete.confirm')}
      pending={remove.isPending}
      error={remove.isError ? errorText(remove.error, t('messages.deleteFailed')) : null}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => {
        if (!traveler) return;
        remove.mutate(traveler.id, {
          onSuccess: () => {
            toast.success(t('messages.pilgrimDeleted'));
            remove.reset();
            onClose();
            onDeleted?.();
          },
        });
      }}
    />
  );
}
