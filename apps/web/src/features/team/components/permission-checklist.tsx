import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@hospes/shared/team';
import { CheckboxField } from '@/components/ui/fields';

/**
 * The permissions to choose, one box each, two columns from `sm` up: a custom role's (decision
 * 058) and an API key's (the ones its maker holds).
 */
export function PermissionChecklist({
  legend,
  permissions,
  chosen,
  onChange,
}: {
  legend: string;
  permissions: readonly Permission[];
  chosen: readonly Permission[];
  onChange: Dispatch<SetStateAction<Permission[]>>;
}) {
  const { t } = useTranslation('profile');
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-fg">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {permissions.map((permission) => (
          <CheckboxField
            key={permission}
            label={t(`team.permissions.${permission}`)}
            checked={chosen.includes(permission)}
            onChange={(e) =>
              onChange((list) =>
                e.target.checked ? [...list, permission] : list.filter((p) => p !== permission),
              )
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
