import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { todayIso } from '@hospes/shared/dates';
import type { Traveler } from '@hospes/shared/travelers';
import { FormAlert } from '@/components/ui/form-alert';
import { DocumentSection } from '@/features/traveler/components/form/document-section';
import { IdentitySection } from '@/features/traveler/components/form/identity-section';
import {
  ContactSection,
  EmergencySection,
} from '@/features/traveler/components/form/contact-sections';
import {
  ContractSection,
  HomeAddressSection,
  PaymentSection,
} from '@/features/traveler/components/form/optional-sections';
import { CollapsibleSections } from '@/features/traveler/components/form/section';
import { SignatureSection } from '@/features/traveler/components/form/signature-section';
import { StaySection } from '@/features/traveler/components/form/stay-section';
import { TravelerFormFrame } from '@/features/traveler/components/form/traveler-form-frame';
import {
  problemsOpening,
  useTravelerForm,
  type TravelerFormSettings,
} from '@/features/traveler/components/form/use-traveler-form';
import { useUpdateTraveler } from '@/features/traveler/api/update-traveler';
import {
  heldByErtzaintza,
  sesCommunicationsQuery,
  storedKinds,
} from '@/features/traveler/api/ses-communications';
import {
  A19CorrectionNotice,
  SesCorrectionNotice,
} from '@/features/traveler/components/ses-correction-notice';
import { ALL_SECTIONS, toUpdateInput, travelerValuesFrom } from '@/features/traveler/form-model';

export interface EditTravelerFormProps extends TravelerFormSettings {
  /** The record being edited: the form starts with it. */
  traveler: Traveler;
  /**
   * What to fix, as the SES file's check named it (the "Fix" link of Generate XML): said above
   * the form, marked on each field, whose section opens, the first one focused.
   */
  problems?: readonly { field: string; message: string }[] | undefined;
  onSaved: (traveler: Traveler) => void;
  actions?: ReactNode;
  /** The label of the save button (default: save changes). */
  submitLabel?: string;
  /** False: no "saved" toast (the caller shows the result of what follows the save). */
  savedToast?: boolean;
  /**
   * False: no "Leave this page?" question of its own, for a form on a page that already holds
   * one (a router takes one blocker). Default true.
   */
  leaveGuard?: boolean;
}

/** The form's parts that the parte to SES.HOSPEDAJES does not carry. */
const NOT_REPORTED = new Set([
  'emergencyContact',
  'language',
  'establishmentId',
  'frontDocImage',
  'backDocImage',
  'signatureImage',
]);

/** Whether a save changes something the parte carries (the form's changed top-level parts). */
function reportedFieldsChanged(dirty: object): boolean {
  return Object.entries(dirty).some(
    ([key, value]) => !NOT_REPORTED.has(key) && value !== false && value !== undefined,
  );
}

/**
 * A traveler's record, edited (its page, and the desk's review of a self check-in): every field
 * of the record, the signature optional (a new one replaces the stored one), saved as an update.
 */
export function EditTravelerForm({
  traveler,
  problems,
  onSaved,
  actions,
  submitLabel,
  savedToast = true,
  leaveGuard = true,
  keepDocumentImages,
  timeZone,
  reportDefaultsFor,
  emergencyContactOptional,
}: EditTravelerFormProps) {
  const { t } = useTranslation('clients');
  const update = useUpdateTraveler();
  const [initial] = useState(() => travelerValuesFrom(traveler));
  // The SES check's problems, when the form opens: on their fields, their sections open.
  const [opening] = useState(() => (problems?.length ? problemsOpening(problems) : undefined));
  const form = useTravelerForm({
    initial,
    today: todayIso(new Date(), timeZone),
    requireSignature: false,
    timeZone,
    keepDocumentImages,
    saveFailedText: t('messages.updateFailed'),
    opening,
    emergencyContactOptional,
  });
  const { getValues, reset } = form.methods;
  const queryClient = useQueryClient();

  /**
   * After a save that changed what the parte carries: when the Ministry holds a communication of
   * this traveler, the correction (cancel + new alta, decision 045) is offered, in a notice that
   * outlives the page the save goes to.
   */
  async function offerCorrection(pilgrimId: string) {
    let communications;
    try {
      communications = await queryClient.fetchQuery({
        ...sesCommunicationsQuery(pilgrimId),
        staleTime: 0,
      });
    } catch {
      return; // Nothing known of it: nothing offered.
    }
    // What the Ertzaintza holds is corrected on its portal: said, nothing offered (decision 061).
    if (heldByErtzaintza(communications))
      toast((notice) => <A19CorrectionNotice onDone={() => toast.dismiss(notice.id)} />, {
        id: `a19-correction-${pilgrimId}`,
        duration: Infinity,
      });
    const kinds = storedKinds(communications);
    if (kinds.length === 0) return;
    toast(
      (notice) => (
        <SesCorrectionNotice
          pilgrimId={pilgrimId}
          kinds={kinds}
          onDone={() => toast.dismiss(notice.id)}
        />
      ),
      { id: `ses-correction-${pilgrimId}`, duration: Infinity },
    );
  }

  const onSubmit = form.submit(async (input) => {
    const reported = reportedFieldsChanged(form.methods.formState.dirtyFields);
    const answer = await update.mutateAsync({ id: traveler.id, input: toUpdateInput(input) });
    if (savedToast) toast.success(t('messages.pilgrimSaved'));
    // Saved: what the form holds is the record now, nothing is left to lose. Settled at once
    // (flushSync), so the leave question knows it before onSaved goes elsewhere.
    flushSync(() => reset(getValues()));
    onSaved(answer.data);
    // A self check-in still to confirm was never reported (decision 033): nothing to correct.
    if (reported && traveler.selfRegistration?.status !== 'pending')
      void offerCorrection(answer.data.id);
  });

  return (
    <TravelerFormFrame
      form={form}
      onSubmit={onSubmit}
      submitLabel={submitLabel ?? t('form.saveChanges')}
      actions={actions}
      leaveGuard={leaveGuard}
      preflight={ALL_SECTIONS}
      reportDefaultsFor={reportDefaultsFor}
      alert={
        problems &&
        problems.length > 0 && (
          <FormAlert title={t('edit.sesProblems')}>
            <ul className="ms-5 list-disc">
              {problems.map((problem, index) => (
                <li key={`${problem.field}-${index}`} className="break-words">
                  {problem.message}
                </li>
              ))}
            </ul>
          </FormAlert>
        )
      }
    >
      <IdentitySection />
      <DocumentSection record={traveler} />
      <StaySection />
      <ContactSection />
      <EmergencySection optional={emergencyContactOptional} />
      <CollapsibleSections>
        <HomeAddressSection />
        <ContractSection />
        <PaymentSection />
      </CollapsibleSections>
      <SignatureSection
        label={t('signature.replaceLabel')}
        hint={t('signature.replaceHint')}
        required={false}
        record={traveler}
      />
    </TravelerFormFrame>
  );
}
