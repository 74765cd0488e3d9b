import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Membership, Permission } from '@hospes/shared/team';
import { SelectField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { useAuth } from '@/lib/auth';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

/**
 * The frame of a page about one establishment among those where the user holds `permission`
 * (the team, its API keys, its webhooks): its title, the choice of establishment when there are
 * several (`?establishmentId=`, the URL follows it), or its name when there is one, and a notice
 * when there is none. `children` draws the page for the chosen membership.
 */
export function EstablishmentPage({
  permission,
  title,
  intro,
  none,
  choose,
  children,
}: {
  permission: Permission;
  title: string;
  intro: string;
  /** Said when the user holds the permission nowhere. */
  none: string;
  /** The label of the choice of establishment. */
  choose: string;
  children: (chosen: Membership) => ReactNode;
}) {
  const { memberships } = useAuth();
  const [params, setParams] = useSearchParams();
  const held = memberships.filter((m) => m.permissions.includes(permission));
  const chosen = held.find((m) => m.establishmentId === params.get('establishmentId')) ?? held[0];
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={title} />
      <PageHeader title={title} intro={intro} />
      {!chosen ? (
        <FormAlert>{none}</FormAlert>
      ) : (
        <div className="space-y-6">
          {held.length > 1 && (
            <SelectField
              label={choose}
              value={chosen.establishmentId}
              options={held.map((m) => ({ value: m.establishmentId, label: m.establishmentName }))}
              onChange={(e) => setParams({ establishmentId: e.target.value }, { replace: true })}
            />
          )}
          {held.length === 1 && <p className="font-semibold text-fg">{chosen.establishmentName}</p>}
          {children(chosen)}
        </div>
      )}
    </div>
  );
}
