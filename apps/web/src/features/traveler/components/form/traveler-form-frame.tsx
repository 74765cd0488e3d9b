import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { ReportDefaults } from '@hospes/shared/report-defaults';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LeaveGuard } from '@/components/leave-guard';
import { Button } from '@/components/ui/button';
import { useStaticRender } from '@/lib/static-render';
import { cn } from '@/components/ui/cn';
import { FormAlert } from '@/components/ui/form-alert';
import { translateMessage } from '@/lib/messages';
import type { SectionKey } from '@/features/traveler/form-model';
import { SectionContext } from './form-context';
import { errorAt } from './form-errors';
import { LivePreflightScope, PreflightSummary } from './live-preflight';
import { CompletionScope } from './completion';
import type { ScanMarks, ScanSpellings } from './use-scan-rounds';
import type { TravelerForm } from './use-traveler-form';

const NO_MARKS: ScanMarks = {};
const NO_SPELLINGS: ScanSpellings = {};

/**
 * The traveler form (spec §3 plus the SES fields) around the sections a container puts in it:
 * the note on required fields, what to fix (`alert`), a failure no field holds, then the sections
 * and the actions with the save button. The sections read the form through useTravelerFields.
 */
export function TravelerFormFrame({
  form,
  marks = NO_MARKS,
  spellings = NO_SPELLINGS,
  onSubmit,
  submitLabel,
  actions,
  leaveGuard = true,
  alert,
  preflight,
  reportDefaultsFor,
  collapseComplete = false,
  preflightAfterAttempt = false,
  compact = false,
  after,
  children,
}: {
  form: TravelerForm;
  marks?: ScanMarks;
  /** The printed spellings offered for the names read from a document. */
  spellings?: ScanSpellings;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  submitLabel: string;
  actions?: ReactNode;
  /**
   * False: no "Leave this page?" question of its own, for a form on a page that already holds
   * one (a router takes one blocker). Default true: asked while the form holds unsaved input
   * (not once saved: the form is gone by then, or its saved values are its new starting point).
   */
  leaveGuard?: boolean;
  alert?: ReactNode;
  /**
   * The sections this form shows: what the SES parte still needs of their fields is said live,
   * on each field and in a summary above them (decision 043). Unset: no live check.
   */
  preflight?: readonly SectionKey[];
  /** The establishment's report defaults, which the live check counts as given. */
  reportDefaultsFor?: ((establishmentId: string) => ReportDefaults) | undefined;
  /**
   * A new registration's form: a section whose fields are all complete closes to one line once
   * the focus has left it (decision 072, see Section). Default false (an edit shows every field).
   */
  collapseComplete?: boolean;
  /**
   * The summary of what the parte still needs shows once a send has been tried, not before (the
   * self check-in on a phone, decision 072: the notes on the fields say it meanwhile).
   */
  preflightAfterAttempt?: boolean;
  /**
   * Dense on a phone (the desk's walk-in, decision 074): the sections 8 px apart, the save button
   * without the rule above it.
   */
  compact?: boolean;
  /**
   * What follows the save button, in the form: what the establishment's defaults decide and the
   * desk changes now and then (the walk-in's stay and optional emergency contact, decision 074).
   */
  after?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('clients');
  const { methods, chrome, formError } = form;
  const { errors, isDirty, isSubmitting, submitCount } = methods.formState;
  // Rendered on the server (decision 079): disabled and waiting until the app's code has come, so
  // that Enter in a field or a tap on it never sends the form natively to the page's address.
  const staticRender = useStaticRender();
  const establishmentError = errorAt(errors, 'establishmentId');
  const { fieldDomId } = chrome;
  const saveRow = (
    <div
      className={cn(
        'flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end sm:border-t sm:border-line sm:pt-5',
        compact ? 'pt-1' : 'border-t border-line pt-4',
      )}
    >
      {actions}
      <Button type="submit" pending={isSubmitting || staticRender} className="sm:min-w-48">
        {submitLabel}
      </Button>
    </div>
  );

  // The sections, collapsing what is complete where the form asks it (decision 072).
  const fields = collapseComplete ? (
    <CompletionScope form={form} marks={marks}>
      {children}
    </CompletionScope>
  ) : (
    children
  );

  return (
    <FormProvider {...methods}>
      <SectionContext.Provider value={{ ...chrome, marks, spellings }}>
        <form
          onSubmit={onSubmit}
          noValidate
          className={cn(compact ? 'space-y-2' : 'space-y-3', 'sm:space-y-6')}
          aria-describedby={fieldDomId('required-note')}
        >
          {leaveGuard && <LeaveGuard when={isDirty} />}
          {/* Said with the form to assistive technology; on a phone the "optional" beside the
              fields says it (decision 072). */}
          <p id={fieldDomId('required-note')} className="sr-only text-sm text-muted sm:not-sr-only">
            {t('form.requiredNote')}
          </p>
          {alert}
          {(formError || establishmentError) && (
            <div id={fieldDomId('form-error')} tabIndex={-1}>
              <FormAlert>{formError ?? translateMessage(t, establishmentError)}</FormAlert>
            </div>
          )}
          {preflight ? (
            <LivePreflightScope sections={preflight} reportDefaultsFor={reportDefaultsFor}>
              {(!preflightAfterAttempt || submitCount > 0) && (
                <PreflightSummary fieldDomId={fieldDomId} reveal={chrome.reveal} />
              )}
              {fields}
              {saveRow}
              {after}
            </LivePreflightScope>
          ) : (
            <>
              {fields}
              {saveRow}
              {after}
            </>
          )}
        </form>
      </SectionContext.Provider>
    </FormProvider>
  );
}
